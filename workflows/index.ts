// Every workflow the worker registers. Deterministic code only: no I/O, no Node APIs.
export { clientSessionWorkflow } from './client-session/client-session';
export { paymentWorkflow } from './payment/payment';
export { vaultPurgeWorkflow } from './vault-purge';
export { settlementImportWorkflow } from './settlements/import';
export { settlementNotificationWorkflow } from './settlements/notification';
