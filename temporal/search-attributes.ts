// Custom search attributes that make Tessera's workflows findable in the Temporal UI
// (e.g. `TesseraEntityId = "..." AND TesseraMerchantReference = "order-42"`). Both are set when a
// workflow starts and never change. A status attribute was dropped on purpose: each upsert is a
// history event and a visibility write on the Temporal server, on every transition of every
// payment; statuses are listed from the read model in PostgreSQL instead.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const entityIdKey = defineSearchAttributeKey('TesseraEntityId', SearchAttributeType.KEYWORD);
export const merchantReferenceKey = defineSearchAttributeKey('TesseraMerchantReference', SearchAttributeType.KEYWORD);

/** As the dev server's `--search-attribute NAME=Type` flags expect them. */
export const searchAttributeFlags: Record<string, string> = {
  TesseraEntityId: 'Keyword',
  TesseraMerchantReference: 'Keyword',
};
