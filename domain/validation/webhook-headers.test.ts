import { describe, expect, it } from 'vitest';
import {
  RESERVED_WEBHOOK_HEADER_NAMES,
  WEBHOOK_HEADER_VALUE_PATTERN,
  WEBHOOK_HEADER_VALUE_RULE,
  isSendableHeaderValue,
  reservedWebhookHeaderReason,
  unsendableWebhookHeaderReason,
  validateWebhookHeaders,
} from './webhook-headers';

describe('webhook header values', () => {
  it.each(['Bearer 8f1c2e', '', 'a\tb', ' padded ', 'caf\u00e9', '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'])(
    'accepts %j',
    (value) => {
      expect(isSendableHeaderValue(value)).toBe(true);
      expect(validateWebhookHeaders([{ name: 'x-b', values: [value] }], '/webhook/headers')).toEqual([]);
    },
  );

  it.each([
    ['CR LF and a second header line', 'v\r\nx-inj: 2'],
    ['a lone LF', 'v\nx'],
    ['a lone CR', 'v\rx'],
    ['NUL', 'v\u0000'],
    ['another C0 control', 'v\u0007'],
    ['DEL', 'v\u007f'],
    ['a C1 control', 'v\u0085'],
    ['a character beyond U+00FF', 'price in \u20ac'],
    ['an emoji', '\u{1F600}'],
  ])('refuses %s, with a pointer to the value', (_, value) => {
    expect(isSendableHeaderValue(value)).toBe(false);
    expect(
      validateWebhookHeaders(
        [
          { name: 'x-a', values: ['fine'] },
          { name: 'x-b', values: ['ok', value] },
        ],
        '/webhook/headers',
      ),
    ).toEqual([{ pointer: '/webhook/headers/1/values/1', detail: WEBHOOK_HEADER_VALUE_RULE }]);
  });

  it('is the pattern the schema documents', () => {
    expect(new RegExp(WEBHOOK_HEADER_VALUE_PATTERN, 'u').source).toBe('^[\\t\\x20-\\x7E\\xA0-\\xFF]*$');
  });
});

describe('webhook header names', () => {
  it.each(['Authorization', 'x-shop-auth', 'X-Api-Key', 'tessera', 'proxy', 'x-tessera-id', 'hosts'])(
    'accepts %s',
    (name) => {
      expect(reservedWebhookHeaderReason(name)).toBeUndefined();
      expect(validateWebhookHeaders([{ name, values: ['v'] }], '/webhook/headers')).toEqual([]);
    },
  );

  it.each([
    ['host', /connection/],
    ['Host', /"host"/],
    ['CONTENT-LENGTH', /"content-length"/],
    ['Transfer-Encoding', /connection/],
    ['connection', /connection/],
    ['keep-alive', /connection/],
    ['upgrade', /connection/],
    ['te', /connection/],
    ['trailer', /connection/],
    ['expect', /connection/],
    ['Proxy-Authorization', /"proxy-"/],
    ['content-type', /Tessera sets it/],
    ['User-Agent', /Tessera sets it/],
    ['tessera-signature', /"tessera-"/],
    ['Tessera-Event-Id', /"tessera-"/],
  ])('refuses %s, with a pointer to the name', (name, reason) => {
    const errors = validateWebhookHeaders(
      [
        { name: 'x-ok', values: ['v'] },
        { name, values: ['v'] },
      ],
      '/headers',
    );
    expect(errors).toEqual([{ pointer: '/headers/1/name', detail: expect.stringMatching(reason) }]);
  });

  it('lists at least the names the webhooks guide promises', () => {
    for (const name of ['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te'])
      expect(RESERVED_WEBHOOK_HEADER_NAMES).toContain(name);
  });

  it('reports every error of every header', () => {
    expect(
      validateWebhookHeaders(
        [
          { name: 'Host', values: ['evil.example', 'a\nb'] },
          { name: 'x-b', values: ['\r'] },
        ],
        '/webhook/headers',
      ).map((error) => error.pointer),
    ).toEqual(['/webhook/headers/0/name', '/webhook/headers/0/values/1', '/webhook/headers/1/values/0']);
  });

  it('refuses a name given twice, in any case: its delivery would keep only one of them', () => {
    expect(
      validateWebhookHeaders(
        [
          { name: 'x-a', values: ['1'] },
          { name: 'X-M', values: ['p', 'q'] },
          { name: 'X-A', values: ['2'] },
        ],
        '/webhook/headers',
      ),
    ).toEqual([
      {
        pointer: '/webhook/headers/2/name',
        detail:
          'repeats the header of /webhook/headers/0/name (names are compared without regard to case): give all its values in one entry',
      },
    ]);
  });
});

describe('headers stored before the rules held', () => {
  it('says why one cannot be sent, never quoting its value', () => {
    const secret = 's3cret\r\nx-inj: 2';
    const reason = unsendableWebhookHeaderReason({ name: 'x-b', values: ['fine', secret] });
    expect(reason).toMatch(/value 2 holds a character HTTP does not allow/);
    expect(reason).not.toContain('s3cret');
    expect(unsendableWebhookHeaderReason({ name: 'host', values: ['evil.example'] })).toMatch(/name cannot be "host"/);
    expect(unsendableWebhookHeaderReason({ name: 'bad name', values: ['v'] })).toMatch(/not an HTTP token/);
    expect(unsendableWebhookHeaderReason({ name: 'x-shop-auth', values: ['Bearer 1', 'two'] })).toBeUndefined();
  });
});
