// The headless checkout SDK's entry: /sdk/v1/tessera-headless.mjs (ES module) and
// /sdk/v1/tessera-headless.js (a classic script defining window.TesseraHeadless). Its
// declarations (tessera-headless.d.ts) are generated from this file and the public API files it
// re-exports (web/build/sdk-declarations.ts); keep every export explicitly typed.
import { createCheckout as create } from './headless-checkout';
import { HEADLESS_VERSION } from './version';
import { createPublicSecureFields } from '../secure-fields/public-secure-fields';
import type { HeadlessCheckout, HeadlessCheckoutOptions } from './headless-api';
import type { SecureFields, SecureFieldsOptions } from '../secure-fields/secure-fields-api';

export { TesseraCheckoutError, ERROR_CODES, ERROR_CODES_PAGE, isTesseraCheckoutError } from './errors';
export type { ErrorCode, TesseraCheckoutErrorOptions } from './errors';
export type * from './headless-api';
export type * from '../secure-fields/secure-fields-api';

/** The SDK's version (semver); the major is in its address (/sdk/v1/). */
export const VERSION: string = HEADLESS_VERSION;

/**
 * Opens the client session of `widget.data` and resolves with its checkout (state `ready` when it
 * can be paid). Rejects with a TesseraCheckoutError: `invalid_data`, `session_not_found`,
 * `unauthorized`, `network`, `unavailable`.
 */
export function createCheckout(options: HeadlessCheckoutOptions): Promise<HeadlessCheckout> {
  return create(options);
}

/**
 * Secure fields on their own, for a page that tokenizes the card and submits the payment from its
 * server: the card fields of a checkout are `checkout.createCardFields()`.
 */
export function createSecureFields(options: SecureFieldsOptions): SecureFields {
  return createPublicSecureFields(options);
}
