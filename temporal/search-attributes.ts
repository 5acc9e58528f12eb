// Custom search attributes that make Tessera's workflows findable in the Temporal UI
// (e.g. `TesseraEntityId = "..." AND TesseraStatus = "SUBMITTED"`).
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const entityIdKey = defineSearchAttributeKey('TesseraEntityId', SearchAttributeType.KEYWORD);
export const merchantReferenceKey = defineSearchAttributeKey('TesseraMerchantReference', SearchAttributeType.KEYWORD);
export const statusKey = defineSearchAttributeKey('TesseraStatus', SearchAttributeType.KEYWORD);

/** As the dev server's `--search-attribute NAME=Type` flags expect them. */
export const searchAttributeFlags: Record<string, string> = {
  TesseraEntityId: 'Keyword',
  TesseraMerchantReference: 'Keyword',
  TesseraStatus: 'Keyword',
};
