// CSV as RFC 4180 writes it: what Tessera's reports are downloaded as and what the partners'
// settlement files are read from. Pure: the API formats rows, the settlement import parses files
// chunk by chunk, and the sandbox partner network writes its files with the same rules.

export type CsvValue = string | number | null | undefined;

/** Characters a spreadsheet takes for the start of a formula when a cell begins with them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field. A field holding a comma, a quote or a line break is quoted, its quotes doubled;
 * null and undefined are empty. With `neutralizeFormulas`, a text starting like a formula
 * (`=`, `+`, `-`, `@`, tab, carriage return) is prefixed with `'`, so that a spreadsheet opening a
 * report shows a merchant's order reference `=HYPERLINK(...)` as text instead of running it
 * (OWASP's CSV injection advice). Numbers are written as they are: a refund's -2599 stays a number.
 */
export function csvField(value: CsvValue, options: { neutralizeFormulas?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = options.neutralizeFormulas && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRow(values: readonly CsvValue[], options: { neutralizeFormulas?: boolean } = {}): string {
  return `${values.map((value) => csvField(value, options)).join(',')}\r\n`;
}

/**
 * Reads CSV text given in chunks of any size (a quoted field, a CRLF may be split between two):
 * each `push` returns the records completed so far, `end` the last one. Lines may end with CRLF or
 * LF; a blank line is no record. A quote inside an unquoted field is kept as it is; text after a
 * closing quote is kept too (lenient, as most readers are).
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** Inside a quoted field, the previous character was a quote: a second one is an escaped quote. */
  private quotePending = false;
  private fieldStarted = false;

  push(chunk: string): string[][] {
    const done: string[][] = [];
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i]!;
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
          // The closing quote: the character after it is read as outside quotes, below.
        } else if (c === '"') {
          this.quotePending = true;
          continue;
        } else {
          this.field += c;
          continue;
        }
      }
      if (c === '"' && !this.fieldStarted) {
        this.quoted = true;
        this.fieldStarted = true;
      } else if (c === ',') {
        this.endField();
      } else if (c === '\n') {
        this.endRecord(done);
      } else if (c === '\r') {
        // Dropped: CRLF ends a record at its LF; a lone CR inside an unquoted field is not kept.
      } else {
        this.field += c;
        this.fieldStarted = true;
      }
    }
    return done;
  }

  end(): string[][] {
    const done: string[][] = [];
    if (this.quotePending) {
      this.quotePending = false;
      this.quoted = false;
    }
    this.endRecord(done);
    return done;
  }

  private endField(): void {
    this.record.push(this.field);
    this.field = '';
    this.fieldStarted = false;
  }

  private endRecord(done: string[][]): void {
    if (this.quotePending) {
      this.quotePending = false;
      this.quoted = false;
    }
    const blank = this.record.length === 0 && !this.fieldStarted && this.field === '';
    if (!blank) {
      this.endField();
      done.push(this.record);
    }
    this.record = [];
    this.field = '';
    this.fieldStarted = false;
  }
}

/** A whole CSV text's records. */
export function parseCsv(text: string): string[][] {
  const parser = new CsvParser();
  return [...parser.push(text), ...parser.end()];
}
