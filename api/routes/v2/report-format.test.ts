import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './report-cursor';
import { prefersCsv } from './report-format';

describe('prefersCsv', () => {
  it('answers CSV only when text/csv is preferred to JSON', () => {
    expect(prefersCsv('text/csv')).toBe(true);
    expect(prefersCsv('text/csv, application/json;q=0.5')).toBe(true);
    expect(prefersCsv('application/json, text/csv;q=0.9')).toBe(false);
    expect(prefersCsv('text/*')).toBe(true);
    expect(prefersCsv('TEXT/CSV; charset=utf-8')).toBe(true);
  });

  it('answers JSON without a header, for */*, for JSON and for what it cannot give', () => {
    for (const accept of [undefined, '', '*/*', 'application/json', 'application/xml', 'text/csv;q=0', 'text/csv, */*'])
      expect(prefersCsv(accept), String(accept)).toBe(false);
  });
});

describe('report cursors', () => {
  it('give back the position they hold', () => {
    const position = { at: '2026-05-01T10:00:00.123Z', id: '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03' };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it('refuse what no listing gave', () => {
    for (const cursor of ['', 'abc', Buffer.from('v2|2026-05-01T10:00:00Z|x').toString('base64url')])
      expect(decodeCursor(cursor)).toBeUndefined();
    expect(decodeCursor(Buffer.from('v1|yesterday|x').toString('base64url'))).toBeUndefined();
  });
});
