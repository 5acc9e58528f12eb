/**
 * TypeBox's string formats (`typebox/format`, as typebox.ts leaves them) against the ones
 * Fastify's Ajv applies (ajv-formats, full mode), for every format the schemas use. Ajv judges
 * every request; TypeBox judges payloads in tests and in the v1 adapter
 * (api/routes/v1/session-application.ts). Where they disagree, the case is listed below with the
 * reason neither path can meet it; any other disagreement, after an upgrade of either package,
 * fails here.
 */
import ajvFormats, { type FormatName } from 'ajv-formats';
import Format from 'typebox/format';
import { describe, expect, it } from 'vitest';
import './typebox';

const UUID = '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03';

const corpus: Partial<Record<FormatName, string[]>> = {
  uuid: [UUID, UUID.toUpperCase(), `urn:uuid:${UUID}`, `URN:UUID:${UUID}`, UUID.replaceAll('-', ''), `{${UUID}}`, ''],
  date: ['2025-03-14', '2024-02-29', '2025-02-29', '1900-02-29', '2000-02-29', '2025-13-01', '2025-04-31', '25-03-14'],
  'date-time': [
    '2025-03-14T09:26:53Z',
    '2025-03-14T09:26:53.123Z',
    '2025-03-14t09:26:53z',
    '2025-03-14T09:26:53+01:00',
    '2025-03-14T09:26:53',
    '2025-03-14T24:00:00Z',
    '2025-03-14T23:59:60Z',
    '2025-03-14T12:00:60Z',
    '2025-02-30T09:26:53Z',
    '2025-03-14 09:26:53Z',
    '2025-03-14T09:26:53+0100',
    '2025-03-14T09:26:53+01',
    '2025-03-14T09:26:53Z[Europe/Paris]',
  ],
  email: [
    'camille.martin@example.com',
    'a+b@example.co.uk',
    'a..b@example.com',
    'user@-example.com',
    'user@example.com.',
    'user@localhost',
    '"quoted local"@example.com',
    'user@[192.168.0.1]',
    `user@${'a'.repeat(64)}.com`,
  ],
  uri: [
    'https://shop.example/return',
    'http://127.0.0.1:3000/x?y=1#z',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'https://shop.example/a b',
    'https://shop.example/ä',
    'https://shop.example/%zz',
    '//shop.example/x',
    'https:',
    'x:',
  ],
  'uri-reference': ['https://tessera.dev/problems/validation', '/v2/payments/x', '#frag', '', 'a b', '/a<b>', '/a"b'],
};

/** [format, value, TypeBox's verdict (Ajv's is the opposite), why it cannot matter]. */
const differences: [FormatName, string, boolean, string][] = [
  ['uuid', `urn:uuid:${UUID}`, false, 'the project’s own rule: Uuid() adds UUID_PATTERN, so Ajv refuses it too'],
  ['uuid', `URN:UUID:${UUID}`, false, 'as above'],
  ['date-time', '2025-03-14 09:26:53Z', false, 'TypeBox judges only date-times Tessera writes (toISOString)'],
  ['date-time', '2025-03-14T09:26:53+0100', false, 'as above; the v1 adapter passes no date-time on'],
  ['date-time', '2025-03-14T09:26:53+01', false, 'as above'],
  ['date-time', '2025-03-14T09:26:53Z[Europe/Paris]', true, 'as above'],
  ['uri', 'https:', true, 'a client’s uri is an HttpUrl, whose pattern wants scheme://host under both'],
  ['uri', 'x:', true, 'as above'],
  ['uri-reference', '/a"b', false, 'only in Problem answers, which Tessera writes'],
];

function ajvAccepts(name: FormatName, value: string): boolean {
  const format = ajvFormats.get(name);
  const validate = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format;
  if (validate instanceof RegExp) return validate.test(value);
  // Every format the schemas use is a synchronous string check in full mode.
  if (typeof validate === 'function') return (validate as (value: string) => boolean)(value);
  throw new Error(`unexpected ajv-formats definition of ${name}`);
}

const isDifference = (name: FormatName, value: string) => differences.some(([f, v]) => f === name && v === value);

describe('TypeBox formats and Fastify’s', () => {
  const agreeing = Object.entries(corpus).flatMap(([name, values]) =>
    values
      .filter((value) => !isDifference(name as FormatName, value))
      .map((value): [FormatName, string] => [name as FormatName, value]),
  );

  it.each(agreeing)('%s %j: same verdict', (name, value) => {
    expect(Format.Test(name, value)).toBe(ajvAccepts(name, value));
  });

  it.each(differences)('%s %j: TypeBox says %s, Ajv the opposite (%s)', (name, value, typebox) => {
    expect(Format.Test(name, value)).toBe(typebox);
    expect(ajvAccepts(name, value)).toBe(!typebox);
  });

  it('has every schema format registered in TypeBox', () => {
    for (const name of Object.keys(corpus)) expect(Format.Has(name)).toBe(true);
  });
});
