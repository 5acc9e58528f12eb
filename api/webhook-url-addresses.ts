// A webhook url whose host is, in itself, an address that is not public (127.0.0.1, 10.0.0.5,
// [::1], localhost) can never be delivered to where production refuses such addresses
// (platform/outbound-addresses.ts): the api says so when the url is given, instead of the merchant
// learning it from deliveries that fail for 3 days. A name is not resolved here (a lookup on the
// request path, and its answer may change): the delivery's own check covers names.
import { isIP } from 'node:net';
import type { FieldError } from '../domain/validation/field-error';
import type { WebhookPrivateAddresses } from '../platform/config';
import { isPublicAddress } from '../platform/outbound-addresses';

/** The url's host when it names a place that is not public by itself; undefined otherwise. */
export function privateHostOf(url: string): string | undefined {
  let host: string;
  try {
    // The WHATWG parser also reads 2130706433, 0x7f.1 and 127.1 as 127.0.0.1.
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const bare = address.endsWith('.') ? address.slice(0, -1) : address;
  if (bare === 'localhost' || bare.endsWith('.localhost')) return host;
  if (isIP(bare) !== 0 && !isPublicAddress(bare)) return host;
  return undefined;
}

/**
 * The error for a webhook url production would never deliver to, at `pointer`; none when private
 * addresses are allowed. Only the host is quoted: a url's path or query often carries a secret.
 */
export function privateWebhookUrlErrors(
  policy: WebhookPrivateAddresses,
  url: string | undefined,
  pointer: string,
): FieldError[] {
  if (policy === 'allow' || url === undefined) return [];
  const host = privateHostOf(url);
  if (host === undefined) return [];
  return [
    {
      pointer,
      detail: `${host} is not a public address: webhooks are delivered to public addresses only`,
    },
  ];
}
