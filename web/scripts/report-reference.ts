// Writes the reports' data references page of the docs from the API's schemas (web/build/report-reference.ts).
//
//   npx tsx web/scripts/report-reference.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_REFERENCE_PAGE, reportReferencePage } from '../build/report-reference.js';

const content = fileURLToPath(new URL('../src/docs/content/', import.meta.url));
writeFileSync(join(content, REPORT_REFERENCE_PAGE), reportReferencePage());
console.log(`wrote ${REPORT_REFERENCE_PAGE}`);
