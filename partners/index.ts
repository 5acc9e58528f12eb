// Public surface of partners/ for activities and the api: the adapter interface, the registry and
// notification checks. Workflows import `partners/catalog` (and types from `partners/partner`)
// only; the sandbox server is imported from `partners/sandbox/server` by whoever runs it.
export * from './catalog';
export * from './partner';
export * from './registry';
export { DEFAULT_SANDBOX_URL, type SandboxAdapterConfig } from './sandbox/adapter';
export { DEFAULT_NOTIFICATION_SECRET, SIGNATURE_HEADER, signatureHeader, verifySignature } from './sandbox/signature';
export type { LedgerEntry, NotificationDelivery } from './sandbox/wire';
