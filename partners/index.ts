// Public surface of partners/: the adapter interface, the registry, notification checks, and the
// sandbox network (for `npm start` and tests).
export * from './catalog';
export * from './partner';
export * from './registry';
export { DEFAULT_SANDBOX_URL, type SandboxAdapterConfig } from './sandbox/adapter';
export { DEFAULT_NOTIFICATION_SECRET, SIGNATURE_HEADER, signatureHeader, verifySignature } from './sandbox/signature';
export { startSandboxNetwork, type SandboxNetwork, type SandboxNetworkOptions } from './sandbox/server';
export type { LedgerEntry, NotificationDelivery } from './sandbox/wire';
