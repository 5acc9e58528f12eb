// Public surface of partners/ for activities and the api: the adapter interface, the registry and
// notification checks. Workflows import `partners/catalog` (and types from `partners/partner`)
// only. The sandbox partner network is a service of its own (`partners/sandbox-network`): only its
// wire types are re-exported here, so the api and the worker never load its code.
export * from './catalog';
export * from './partner';
export * from './registry';
export { DEFAULT_SANDBOX_URL, type SandboxAdapterConfig } from './sandbox-common/adapter';
export {
  DEFAULT_NOTIFICATION_SECRET,
  SIGNATURE_HEADER,
  signatureHeader,
  verifySignature,
} from './sandbox-common/signature';
export type { LedgerEntry, NotificationDelivery } from './sandbox-network/schemas';
