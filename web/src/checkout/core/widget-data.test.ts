import { describe, expect, it } from 'vitest';
import { decodeBase64Text, decodeWidgetData, encodeWidgetData, WidgetDataError, type WidgetData } from './widget-data';

const data: WidgetData = {
  entity_id: '5f0c1a7e-8a43-4c1b-9d7e-1f2a3b4c5d6e',
  publishable_key: 'pk_test_abc',
  environment: 'sandbox',
  api_url: 'http://127.0.0.1:3000',
  session: { id: '9b0e7c52-1a2f-4d38-8e0f-5b6a7c8d9e01', amount: 2599, currency: 'EUR' },
};
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('decodeWidgetData', () => {
  it('decodes what the API puts in widget.data (Node base64 of the JSON)', () => {
    expect(decodeWidgetData(base64(data))).toEqual(data);
  });

  it('tolerates missing padding, the URL-safe alphabet and line breaks', () => {
    // 'é' makes the JSON length such that padding is needed, and tests UTF-8 decoding.
    const withAccent = { ...data, environment: 'sandbox-é' };
    const encoded = base64(withAccent);
    expect(encoded.endsWith('=')).toBe(true);
    expect(decodeWidgetData(encoded.replace(/=+$/, ''))).toEqual(withAccent);
    const urlSafe = Buffer.from(JSON.stringify(withAccent)).toString('base64url');
    expect(decodeWidgetData(urlSafe)).toEqual(withAccent);
    expect(decodeWidgetData(encoded.replace(/(.{20})/g, '$1\n'))).toEqual(withAccent);
    expect(decodeWidgetData(encodeWidgetData(withAccent, { padding: false }))).toEqual(withAccent);
  });

  it('keeps the api_url without a trailing slash', () => {
    expect(decodeWidgetData(base64({ ...data, api_url: 'https://pay.example/tessera/' })).api_url).toBe(
      'https://pay.example/tessera',
    );
  });

  it.each([
    [undefined, 'widget.data is missing'],
    ['', 'widget.data is missing'],
    ['not base64 at all!', 'widget.data is not base64.'],
    ['abcde', 'widget.data is not base64 (truncated).'],
    [Buffer.from('{nope').toString('base64'), 'widget.data does not hold JSON.'],
    [base64([1, 2]), 'widget.data does not hold a JSON object.'],
    [base64({ ...data, publishable_key: '' }), 'widget.data has no publishable_key.'],
    [base64({ ...data, session: { amount: 1, currency: 'EUR' } }), 'widget.data has no session.id.'],
    [
      base64({ ...data, session: { id: 'x', amount: '25.99', currency: 'EUR' } }),
      'widget.data has no session amount and currency.',
    ],
    [base64({ ...data, api_url: 'javascript:alert(1)' }), 'widget.data has an api_url that is not http(s).'],
    [base64({ ...data, api_url: 'nowhere' }), 'widget.data has an api_url that is not a URL.'],
  ])('refuses %s', (input, message) => {
    expect(() => decodeWidgetData(input)).toThrow(WidgetDataError);
    expect(() => decodeWidgetData(input)).toThrow(message);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => decodeBase64Text(Buffer.from([0xff, 0xfe, 0x7b]).toString('base64'))).toThrow('not UTF-8');
  });
});
