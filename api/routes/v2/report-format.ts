// Which format a report request asks for: CSV when its Accept header prefers text/csv to JSON,
// JSON otherwise (no header, */*, application/json, or anything else: a report never answers 406).
const CSV = 'text/csv';
const JSON_TYPE = 'application/json';

/** The weight (q) the Accept header gives a media type: its own entry's, else its type's `x/*`, else `*\/*`'s. */
function weightOf(accept: readonly { type: string; q: number }[], mediaType: string): number {
  const [family] = mediaType.split('/');
  const exact = accept.find((entry) => entry.type === mediaType);
  const ofFamily = accept.find((entry) => entry.type === `${family}/*`);
  const any = accept.find((entry) => entry.type === '*/*');
  return (exact ?? ofFamily ?? any)?.q ?? 0;
}

export function prefersCsv(header: string | undefined): boolean {
  if (!header) return false;
  const accept = header.split(',').flatMap((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!type) return [];
    const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
    return [{ type: type.trim(), q: q === undefined ? 1 : Number(q) }];
  });
  const csv = weightOf(accept, CSV);
  return csv > 0 && csv > weightOf(accept, JSON_TYPE);
}
