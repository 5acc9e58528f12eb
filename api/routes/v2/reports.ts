// The reports a finance team reconciles with: GET /v2/reports/transactions (JSON pages, or CSV
// streamed straight from PostgreSQL), the settlements partners paid out with their lines and
// mismatches, and the entity's endpoint for report events. An entity only ever sees its own rows.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Sql } from '../../../db/connection';
import { deleteReportWebhook, findReportWebhook, saveReportWebhook } from '../../../db/report-webhooks';
import { settlementDetails, settlementPage } from '../../../db/settlements';
import {
  streamTransactionReport,
  transactionReportPage,
  transactionReportPageEnd,
  type TransactionReportFilter,
} from '../../../db/transaction-report';
import { csvRow } from '../../../domain/csv';
import { REPORT_TRANSACTION_TYPES, REPORT_WEBHOOK_EVENT_TYPES } from '../../../domain/enums';
import { CURRENCIES } from '../../../domain/currency';
import { validateWebhookHeaders } from '../../../domain/validation/webhook-headers';
import type { WebhookPrivateAddresses } from '../../../platform/config';
import { privateWebhookUrlErrors } from '../../webhook-url-addresses';
import { encrypt } from '../../../platform/secrets';
import { principalOf } from '../../auth/authenticate';
import { badRequest, forbidden, notFound } from '../../errors/problem';
import { Ref } from '../../schemas/typebox';
import {
  REPORT_TRANSACTION_COLUMNS,
  REPORT_TRANSACTION_STATUSES,
  ReportTransactionPage,
  ReportWebhook,
  SettlementDetails,
  SettlementLine,
  SettlementPage,
  Text,
  Uuid,
  type ReportTransaction,
} from '../../schemas/v2';
import { problemResponses } from '../schema-refs';
import { decodeCursor, encodeCursor } from './report-cursor';
import { prefersCsv } from './report-format';

/** A comma-separated list of these values, each once or more (the order does not matter). */
const ListOf = (values: readonly string[], description: string) =>
  Type.String({
    pattern: `^(${values.join('|')})(,(${values.join('|')}))*$`,
    maxLength: 1024,
    description: `${description}: one value or several, comma-separated (${values.join(', ')}).`,
  });
const NAMES_PATTERN = '^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64})*$';
const Instant = (description: string) =>
  Type.String({ format: 'date-time', description, examples: ['2026-05-01T00:00:00Z'] });
const Day = (description: string) => Type.String({ format: 'date', description, examples: ['2026-05-01'] });
const Limit = (description: string) =>
  Type.String({ pattern: '^(10000|[1-9][0-9]{0,3})$', description: `${description} A number from 1 to 10000.` });
const Cursor = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Where to go on: the next_cursor of the page before (JSON), or the x-next-cursor header (CSV).',
});

const TransactionReportQuery = Type.Object({
  created_from: Type.Optional(Instant('Rows created at or after this instant.')),
  created_to: Type.Optional(Instant('Rows created before this instant.')),
  updated_from: Type.Optional(Instant('Rows that last changed at or after this instant.')),
  updated_to: Type.Optional(Instant('Rows that last changed before this instant.')),
  type: Type.Optional(ListOf(REPORT_TRANSACTION_TYPES, 'Rows of these types')),
  status: Type.Optional(ListOf(REPORT_TRANSACTION_STATUSES, 'Rows in these statuses')),
  partner: Type.Optional(
    Type.String({ pattern: NAMES_PATTERN, maxLength: 1024, description: 'Rows at these partners, comma-separated.' }),
  ),
  method: Type.Optional(
    Type.String({ pattern: NAMES_PATTERN, maxLength: 1024, description: 'Rows of these methods, comma-separated.' }),
  ),
  entity_id: Type.Optional(Uuid({ description: 'Your entity: any other is refused (403).' })),
  order_reference: Type.Optional(Text({ minLength: 1, description: 'Rows of payments with this order reference.' })),
  payment_id: Type.Optional(Uuid({ description: 'Rows of this payment.' })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(
    Limit(
      'Rows per page: 100 by default in JSON; in CSV, every row of the filters unless a limit is given (then the x-next-cursor header says where the next page starts).',
    ),
  ),
});
type TransactionReportQuery = Static<typeof TransactionReportQuery>;

const SettlementQuery = Type.Object({
  partner: Type.Optional(
    Type.String({
      pattern: NAMES_PATTERN,
      maxLength: 1024,
      description: 'Settlements of these partners, comma-separated.',
    }),
  ),
  currency: Type.Optional(ListOf(CURRENCIES, 'Settlements in these currencies')),
  settled_from: Type.Optional(Day('Settlements paid out on or after this day (UTC).')),
  settled_to: Type.Optional(Day('Settlements paid out before this day (UTC).')),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Limit('Settlements per page, 20 by default.')),
});

const SettlementParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Settlement id' }) });

const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';
const csvContent = (description: string) => ({
  'text/csv': { schema: { type: 'string', description } },
});

const pointer = (field: string) => `/querystring/${field}`;

function instantOf(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

function listOf(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : [...new Set(value.split(','))];
}

/** The filters of a report request, as the database reads them; errors name the parameter. */
function transactionFilter(query: TransactionReportQuery, entityId: string): TransactionReportFilter {
  if (query.entity_id !== undefined && query.entity_id.toLowerCase() !== entityId)
    throw forbidden('the credential does not belong to this entity_id');
  const filter: TransactionReportFilter = {
    entityId,
    createdFrom: instantOf(query.created_from),
    createdTo: instantOf(query.created_to),
    updatedFrom: instantOf(query.updated_from),
    updatedTo: instantOf(query.updated_to),
    kinds: listOf(query.type)?.map((type) => type.toLowerCase()),
    statuses: listOf(query.status),
    partners: listOf(query.partner),
    methods: listOf(query.method),
    orderReference: query.order_reference,
    paymentId: query.payment_id?.toLowerCase(),
  };
  for (const [from, to] of [
    ['created_from', 'created_to'],
    ['updated_from', 'updated_to'],
  ] as const) {
    const start = filter[from === 'created_from' ? 'createdFrom' : 'updatedFrom'];
    const end = filter[to === 'created_to' ? 'createdTo' : 'updatedTo'];
    if (start && end && start.getTime() > end.getTime())
      throw badRequest(`${from} is after ${to}`, [{ pointer: pointer(to), detail: `must not be before ${from}` }]);
  }
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor);
    if (!after || !/^[0-9a-f-]{36}$/.test(after.id))
      throw badRequest('the cursor is not one this report gave', [
        { pointer: pointer('cursor'), detail: 'is invalid' },
      ]);
    filter.after = { createdAt: after.at, id: after.id };
  }
  return filter;
}

/** The address of the next page: this request's, with the cursor moved on. */
function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, 'http://tessera.invalid');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

function withNextPage(reply: FastifyReply, request: FastifyRequest, cursor: string | undefined): FastifyReply {
  if (cursor) reply.header('x-next-cursor', cursor).header('link', `<${nextPageUrl(request, cursor)}>; rel="next"`);
  return reply;
}

function transactionCsvRow(row: ReportTransaction): string {
  return csvRow(
    REPORT_TRANSACTION_COLUMNS.map((column) => row[column]),
    { neutralizeFormulas: true },
  );
}

/**
 * The CSV of the filter, streamed: a header, then rows as PostgreSQL's cursor hands them over.
 * Node's stream asks for the next batch only once the last one was sent, so a slow client holds
 * one batch in memory, not the report; a client that goes away closes the cursor.
 */
function csvStream(sql: Sql, filter: TransactionReportFilter): Readable {
  return Readable.from(
    (async function* () {
      yield csvRow(REPORT_TRANSACTION_COLUMNS);
      for await (const batch of streamTransactionReport(sql, filter)) yield batch.map(transactionCsvRow).join('');
    })(),
    { objectMode: false },
  );
}

export function registerReportRoutes(
  parent: FastifyInstance,
  deps: { sql: Sql; encryptionKey: Buffer; webhookPrivateAddresses: WebhookPrivateAddresses },
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { auth: { scope: 'orchestration-api' as const } };

  app.get(
    '/v2/reports/transactions',
    {
      config: auth,
      schema: {
        summary: 'Transactions report',
        description:
          'One row per partner transaction of your payments (authorization, capture, void, refund, compensations included) and per dispute, oldest first, filtered by the parameters. ' +
          'JSON answers a page (`limit`, default 100) with `next_cursor`; with `Accept: text/csv` the answer is a CSV file of every row the filters select, streamed, its columns those of ReportTransaction in order (`limit` makes it a page too, the next one named by the x-next-cursor and Link headers). ' +
          'Cursors stay valid while rows are added: a page never repeats a row nor skips one that existed when the first page was read.',
        tags: ['Reports'],
        querystring: TransactionReportQuery,
        response: {
          200: {
            description: 'A page of the report (JSON), or the report as CSV.',
            headers: {
              'x-next-cursor': { type: 'string', description: 'Where the next page starts, when there is one.' },
              link: { type: 'string', description: 'The next page’s address (rel="next"), when there is one.' },
            },
            content: {
              'application/json': { schema: Ref(ReportTransactionPage) },
              ...csvContent('A header line, then one line per row (RFC 4180, CRLF line ends, UTF-8).'),
            },
          },
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { entityId } = principalOf(request);
      const filter = transactionFilter(request.query, entityId);
      const limit = request.query.limit === undefined ? undefined : Number(request.query.limit);
      if (prefersCsv(request.headers.accept)) {
        let next: string | undefined;
        if (limit !== undefined) {
          const end = await transactionReportPageEnd(deps.sql, filter, limit);
          if (end.last) filter.through = end.last;
          next = end.more && end.last ? encodeCursor({ at: end.last.createdAt, id: end.last.id }) : undefined;
        }
        return withNextPage(reply, request, next)
          .type(CSV_MEDIA_TYPE)
          .header('content-disposition', 'attachment; filename="transactions.csv"')
          .header('cache-control', 'no-store')
          .send(csvStream(deps.sql, filter));
      }
      const page = await transactionReportPage(deps.sql, filter, limit ?? 100);
      const next = page.next ? encodeCursor({ at: page.next.createdAt, id: page.next.id }) : null;
      return withNextPage(reply, request, next ?? undefined)
        .header('cache-control', 'no-store')
        .send({ items: page.rows, next_cursor: next });
    },
  );

  app.get(
    '/v2/reports/settlements',
    {
      config: auth,
      schema: {
        summary: 'List settlements',
        description:
          'The batches partners settled that hold transactions of yours, most recent cut-off first, with your lines’ totals: what each partner paid out, less what it kept in fees. Imported from each partner’s settlement file once a day, or as soon as the partner announces it.',
        tags: ['Reports'],
        querystring: SettlementQuery,
        response: { 200: Ref(SettlementPage), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { entityId } = principalOf(request);
      const query = request.query;
      let after: { periodEnd: string; id: string } | undefined;
      if (query.cursor !== undefined) {
        const decoded = decodeCursor(query.cursor);
        if (!decoded || !/^[0-9a-f-]{36}$/.test(decoded.id))
          throw badRequest('the cursor is not one this list gave', [
            { pointer: pointer('cursor'), detail: 'is invalid' },
          ]);
        after = { periodEnd: decoded.at, id: decoded.id };
      }
      const page = await settlementPage(
        deps.sql,
        {
          entityId,
          partners: listOf(query.partner),
          currencies: listOf(query.currency),
          settledFrom: query.settled_from,
          settledTo: query.settled_to,
          after,
        },
        query.limit === undefined ? 20 : Number(query.limit),
      );
      const next = page.next ? encodeCursor({ at: page.next.periodEnd, id: page.next.id }) : null;
      return withNextPage(reply, request, next ?? undefined)
        .header('cache-control', 'no-store')
        .send({ items: page.items, next_cursor: next });
    },
  );

  app.get(
    '/v2/reports/settlements/:id',
    {
      config: auth,
      schema: {
        summary: 'Get a settlement',
        description:
          'A settlement with your lines, each held against Tessera’s transactions, and the mismatches found: lines naming unknown transactions, lines settling another amount than recorded, and money moved in the batch’s period that it does not settle. With `Accept: text/csv`, your lines as CSV (the columns of SettlementLine, in order).',
        tags: ['Reports'],
        params: SettlementParams,
        response: {
          200: {
            description: 'The settlement (JSON), or its lines as CSV.',
            content: {
              'application/json': { schema: Ref(SettlementDetails) },
              ...csvContent('A header line, then one line per settlement line (RFC 4180, CRLF line ends, UTF-8).'),
            },
          },
          ...problemResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const details = await settlementDetails(deps.sql, principalOf(request).entityId, request.params.id.toLowerCase());
      if (!details) throw notFound('settlement');
      reply.header('cache-control', 'no-store');
      if (!prefersCsv(request.headers.accept)) return reply.send(details);
      const columns = Object.keys(SettlementLine.properties) as (keyof (typeof details.lines)[number])[];
      return reply
        .type(CSV_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="settlement-${details.partner_batch_id}.csv"`)
        .send(
          csvRow(columns) +
            details.lines
              .map((line) =>
                csvRow(
                  columns.map((column) => line[column]),
                  { neutralizeFormulas: true },
                ),
              )
              .join(''),
        );
    },
  );

  const webhookAnswer = (stored: { url: string; event_types: string[]; header_names: string[] }) => ({
    url: stored.url,
    event_types: stored.event_types as (typeof REPORT_WEBHOOK_EVENT_TYPES)[number][],
    ...(stored.header_names.length > 0
      ? { headers: stored.header_names.map((name) => ({ name, values: ['[redacted]'] })) }
      : {}),
  });

  app.put(
    '/v2/reports/webhook',
    {
      config: auth,
      schema: {
        summary: 'Set the reports webhook',
        description:
          'Where Tessera tells you of events about no single payment: SETTLEMENT_COMPLETED once a settlement holding transactions of yours was imported. One per entity; this replaces the one before. Deliveries are signed with your webhook_secret and retried for up to 3 days, like every webhook. Header values are shown redacted.',
        tags: ['Reports'],
        body: Ref(ReportWebhook),
        response: { 200: Ref(ReportWebhook), ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { entityId } = principalOf(request);
      const body = request.body;
      const headers = body.headers ?? [];
      const errors = [
        ...privateWebhookUrlErrors(deps.webhookPrivateAddresses, body.url, '/url'),
        ...validateWebhookHeaders(headers, '/headers'),
      ];
      if (errors.length > 0) throw badRequest('the reports webhook is invalid', errors);
      const stored = {
        url: body.url,
        event_types: [...(body.event_types ?? REPORT_WEBHOOK_EVENT_TYPES)],
        headers_encrypted: headers.length > 0 ? encrypt(deps.encryptionKey, JSON.stringify(headers)) : null,
        header_names: headers.map((header) => header.name),
      };
      await saveReportWebhook(deps.sql, deps.encryptionKey, entityId, stored);
      return webhookAnswer(stored);
    },
  );

  app.get(
    '/v2/reports/webhook',
    {
      config: auth,
      schema: {
        summary: 'Get the reports webhook',
        tags: ['Reports'],
        response: { 200: Ref(ReportWebhook), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stored = await findReportWebhook(deps.sql, deps.encryptionKey, principalOf(request).entityId);
      if (!stored) throw notFound('reports webhook');
      return webhookAnswer(stored);
    },
  );

  app.delete(
    '/v2/reports/webhook',
    {
      config: auth,
      schema: {
        summary: 'Remove the reports webhook',
        description: 'No report event is sent any more; deliveries under way still finish.',
        tags: ['Reports'],
        response: {
          204: Type.Null({ description: 'Removed.' }),
          ...problemResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      if (!(await deleteReportWebhook(deps.sql, principalOf(request).entityId))) throw notFound('reports webhook');
      return reply.status(204).send(null);
    },
  );
}
