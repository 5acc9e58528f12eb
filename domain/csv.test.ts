import { describe, expect, it } from 'vitest';
import { CsvParser, csvField, csvRow, parseCsv } from './csv';

describe('csvField', () => {
  it('writes plain text and numbers as they are, and nothing for null', () => {
    expect(csvField('ORDER-1')).toBe('ORDER-1');
    expect(csvField(2599)).toBe('2599');
    expect(csvField(-2599)).toBe('-2599');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('"')).toBe('""""');
  });

  it('neutralizes text a spreadsheet would run as a formula, when asked, and never numbers', () => {
    const neutralize = { neutralizeFormulas: true };
    expect(csvField('=HYPERLINK("http://x","y")', neutralize)).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const text of ['+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(text, neutralize)).toBe(`'${text}`);
    expect(csvField('\rx', neutralize)).toBe(`"'\rx"`);
    expect(csvField(-12, neutralize)).toBe('-12');
    expect(csvField('=1')).toBe('=1');
  });
});

describe('csvRow and parseCsv', () => {
  it('end records with CRLF and read back what they wrote', () => {
    const rows = [
      ['id', 'order_reference', 'amount'],
      ['1', 'plain', '10'],
      ['2', 'with, comma', '-20'],
      ['3', 'with "quotes"', ''],
      ['4', 'multi\r\nline\nfield', '0'],
      ['5', '', 'é ✓ 日本'],
    ];
    const text = rows.map((row) => csvRow(row)).join('');
    expect(text.startsWith('id,order_reference,amount\r\n1,plain,10\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reads LF line ends, skips blank lines, and keeps a last record without a line end', () => {
    expect(parseCsv('a,b\n\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a,,\n')).toEqual([['a', '', '']]);
    expect(parseCsv('""\n')).toEqual([['']]);
  });

  it('reads the same records whatever the chunks the text comes in', () => {
    const text = csvRow(['x,"y"', 'z\r\nw', '']) + csvRow(['last', '"', 'end']);
    const expected = parseCsv(text);
    for (let size = 1; size <= text.length; size += 1) {
      const parser = new CsvParser();
      const records: string[][] = [];
      for (let at = 0; at < text.length; at += size) records.push(...parser.push(text.slice(at, at + size)));
      records.push(...parser.end());
      expect(records, `chunks of ${size}`).toEqual(expected);
    }
  });
});
