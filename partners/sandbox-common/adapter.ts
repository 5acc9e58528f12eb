// What the four sandbox adapters share: they talk to one sandbox network, so capture, void,
// refund, status and notifications are the same; each adapter folder only says how its payment
// instrument goes into an authorize call (like a connector's request transformer).
import { CsvParser } from '../../domain/csv';
import { isOneOf, SETTLEMENT_LINE_TYPES } from '../../domain/enums';
import { isCurrency, methodsOf, type Currency, type SandboxPartnerName } from '../catalog';
import { downloadText, PartnerHttpClient } from '../http';
import {
  PartnerNotificationError,
  PartnerRequestError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type OperationRequest,
  type OperationResult,
  type PartnerAdapter,
  type PartnerCall,
  type DisputeEvidenceRequest,
  type PartnerDispute,
  type PartnerNotification,
  type RawNotification,
  type SettlementBatch,
  type SettlementFile,
  type SettlementFileLine,
  type StatusRequest,
  type StatusResult,
} from '../partner';
import type { HttpTransport } from '../../platform/http-transport';
import { DEFAULT_NOTIFICATION_SECRET, SIGNATURE_HEADER, verifySignature } from './signature';
import {
  SETTLEMENT_FILE_COLUMNS,
  type WireAuthorization,
  type WireAuthorizeBody,
  type WireDispute,
  type WireEvidenceBody,
  type WireNotification,
  type WireOperation,
  type WireOperationBody,
  type WireSettlementBatch,
} from '../sandbox-network/schemas';

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';

export interface SandboxAdapterConfig {
  /** The sandbox network's URL; default http://127.0.0.1:4010 (config.sandboxPartnersUrl). */
  baseUrl?: string;
  /** Per HTTP attempt, default 10 s. */
  timeoutMs?: number;
  /** Per settlement file download, default 5 minutes. */
  downloadTimeoutMs?: number;
  /** Shared with the sandbox (SANDBOX_NOTIFICATION_SECRET); default DEFAULT_NOTIFICATION_SECRET. */
  notificationSecret?: string;
  /** Accepted age of a notification's signature timestamp, default 300 s. */
  notificationToleranceSeconds?: number;
  /** Extra headers on every call, e.g. the sandbox's x-sandbox-fault in tests. */
  headers?: Record<string, string>;
  /** How requests are sent; tests wrap httpTransport to see them. */
  transport?: HttpTransport;
}

export abstract class SandboxPartnerAdapter implements PartnerAdapter {
  readonly methods: readonly string[];
  protected readonly http: PartnerHttpClient;
  private readonly downloadTimeoutMs: number;
  private readonly notificationSecret: string;
  private readonly toleranceSeconds: number;

  constructor(
    readonly name: SandboxPartnerName,
    config: SandboxAdapterConfig = {},
  ) {
    this.methods = methodsOf(name);
    this.http = new PartnerHttpClient(name, {
      baseUrl: config.baseUrl ?? DEFAULT_SANDBOX_URL,
      timeoutMs: config.timeoutMs ?? 10_000,
      headers: config.headers,
      transport: config.transport,
    });
    this.downloadTimeoutMs = config.downloadTimeoutMs ?? 300_000;
    this.notificationSecret = config.notificationSecret ?? DEFAULT_NOTIFICATION_SECRET;
    this.toleranceSeconds = config.notificationToleranceSeconds ?? 300;
  }

  /** The instrument part of the authorize body; throws PartnerRequestError for a wrong instrument. */
  protected abstract instrumentFields(request: AuthorizeRequest): Partial<WireAuthorizeBody>;

  protected wrongInstrument(request: AuthorizeRequest, expected: string): PartnerRequestError {
    return new PartnerRequestError(
      this.name,
      'authorize',
      'invalid_instrument',
      null,
      `${this.name} needs a ${expected} instrument, got ${request.instrument.type}`,
    );
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    if (!this.methods.includes(request.method)) {
      throw new PartnerRequestError(
        this.name,
        'authorize',
        'unsupported_method',
        null,
        `${this.name} does not offer ${request.method}`,
      );
    }
    const body: WireAuthorizeBody = {
      method: request.method,
      amount: request.amount,
      currency: request.currency,
      ...this.instrumentFields(request),
      ...(request.customer !== undefined ? { customer: request.customer } : {}),
      ...(request.order_reference !== undefined ? { order_reference: request.order_reference } : {}),
      ...(request.return_url !== undefined ? { return_url: request.return_url } : {}),
      ...(request.notification_url !== undefined ? { notification_url: request.notification_url } : {}),
      ...(request.three_ds !== undefined ? { three_ds: request.three_ds } : {}),
    };
    const wire = await this.http.send<WireAuthorization>('authorize', {
      method: 'POST',
      path: `/v1/${this.name}/authorizations`,
      body,
      idempotencyKey: request.idempotency_key,
    });
    return toAuthorizeResult(wire);
  }

  capture(request: OperationRequest): Promise<OperationResult> {
    return this.operate('capture', 'captures', request);
  }

  void(request: OperationRequest): Promise<OperationResult> {
    return this.operate('void', 'voids', request);
  }

  refund(request: OperationRequest): Promise<OperationResult> {
    return this.operate('refund', 'refunds', request);
  }

  private async operate(call: PartnerCall, segment: string, request: OperationRequest): Promise<OperationResult> {
    const wire = await this.http.send<WireOperation>(call, {
      method: 'POST',
      path: `/v1/authorizations/${encodeURIComponent(request.partner_reference)}/${segment}`,
      body: { amount: request.amount, currency: request.currency } satisfies WireOperationBody,
      idempotencyKey: request.idempotency_key,
    });
    return toOperationResult(wire);
  }

  async status(request: StatusRequest): Promise<StatusResult> {
    const wire = await this.http.send<WireAuthorization | WireOperation>('status', {
      method: 'GET',
      path: `/v1/transactions/${encodeURIComponent(request.partner_reference)}`,
    });
    return wire.object === 'authorization' ? toAuthorizeResult(wire) : toOperationResult(wire);
  }

  parseNotification(notification: RawNotification): PartnerNotification {
    const header = Object.entries(notification.headers).find(([k]) => k.toLowerCase() === SIGNATURE_HEADER)?.[1];
    const check = verifySignature(
      this.notificationSecret,
      notification.body,
      Array.isArray(header) ? header[0] : header,
      {
        toleranceSeconds: this.toleranceSeconds,
      },
    );
    if (!check.ok) throw new PartnerNotificationError(this.name, check.reason);
    let parsed: WireNotification;
    try {
      parsed = JSON.parse(notification.body) as WireNotification;
    } catch {
      throw new PartnerNotificationError(this.name, 'invalid_body');
    }
    if (parsed?.type === 'settlement.available') {
      const batch = parsed.settlement;
      if (batch?.object !== 'settlement' || typeof batch.batch_id !== 'string')
        throw new PartnerNotificationError(this.name, 'invalid_body');
      if (batch.partner !== this.name) throw new PartnerNotificationError(this.name, 'wrong_partner');
      return { partner: this.name, settlement_batch_id: batch.batch_id };
    }
    const authorization = parsed?.authorization;
    const known = parsed?.type === 'authorization.updated' || parsed?.type === 'dispute.updated';
    if (!known || authorization?.object !== 'authorization') {
      throw new PartnerNotificationError(this.name, 'invalid_body');
    }
    if (authorization.partner !== this.name) throw new PartnerNotificationError(this.name, 'wrong_partner');
    if (parsed.type === 'dispute.updated') {
      if (parsed.dispute?.object !== 'dispute') throw new PartnerNotificationError(this.name, 'invalid_body');
      return { partner: this.name, idempotency_key: authorization.idempotency_key, dispute: toDispute(parsed.dispute) };
    }
    return {
      partner: this.name,
      idempotency_key: authorization.idempotency_key,
      result: toAuthorizeResult(authorization),
    };
  }

  async submitDisputeEvidence(request: DisputeEvidenceRequest): Promise<PartnerDispute> {
    const wire = await this.http.send<WireDispute>('dispute-evidence', {
      method: 'POST',
      path: `/v1/disputes/${encodeURIComponent(request.dispute_reference)}/evidence`,
      body: {
        ...(request.text !== undefined ? { text: request.text } : {}),
        files: request.files.map((file) => ({ name: file.name, url: file.url })),
      } satisfies WireEvidenceBody,
      idempotencyKey: request.idempotency_key,
    });
    return toDispute(wire);
  }

  async settlementBatches(request: { since?: string }): Promise<SettlementBatch[]> {
    const query = request.since ? `?since=${encodeURIComponent(request.since)}` : '';
    const answer = await this.http.send<{ batches: WireSettlementBatch[] }>('settlements', {
      method: 'GET',
      path: `/v1/${this.name}/settlements${query}`,
    });
    return answer.batches.map(toSettlementBatch);
  }

  async settlementFile(batchId: string): Promise<SettlementFile> {
    const batch = toSettlementBatch(
      await this.http.send<WireSettlementBatch>('settlements', {
        method: 'GET',
        path: `/v1/settlements/${encodeURIComponent(batchId)}`,
      }),
    );
    const chunks = downloadText(this.http, 'settlements', `/v1/settlements/${encodeURIComponent(batchId)}/file`, {
      timeoutMs: this.downloadTimeoutMs,
    });
    return { batch, lines: settlementLines(this.name, batchId, chunks) };
  }
}

/** Reads a settlement file's records as they arrive: its header first, then one line per record. */
async function* settlementLines(
  partner: SandboxPartnerName,
  batchId: string,
  chunks: AsyncIterable<string>,
): AsyncGenerator<SettlementFileLine> {
  const parser = new CsvParser();
  let columns: Map<string, number> | undefined;
  const malformed = (why: string) =>
    new PartnerRequestError(partner, 'settlements', 'malformed_settlement_file', null, `${batchId}: ${why}`);
  function* lines(records: string[][]): Generator<SettlementFileLine> {
    for (const record of records) {
      if (!columns) {
        columns = new Map(record.map((name, index) => [name, index]));
        const missing = SETTLEMENT_FILE_COLUMNS.filter((name) => !columns!.has(name));
        if (missing.length > 0) throw malformed(`no column ${missing.join(', ')}`);
        continue;
      }
      const positions = columns;
      const at = (name: (typeof SETTLEMENT_FILE_COLUMNS)[number]) => record[positions.get(name)!] ?? '';
      const integer = (name: (typeof SETTLEMENT_FILE_COLUMNS)[number]) => {
        const value = Number(at(name));
        if (!Number.isSafeInteger(value)) throw malformed(`${name} is not an integer on line ${at('line_number')}`);
        return value;
      };
      const type = at('type');
      const currency = at('currency');
      if (at('batch_id') !== batchId) throw malformed(`a line of batch ${at('batch_id')}`);
      if (!isOneOf(SETTLEMENT_LINE_TYPES, type)) throw malformed(`unknown line type ${type}`);
      if (!isCurrency(currency)) throw malformed(`unknown currency ${currency}`);
      yield {
        line_number: integer('line_number'),
        type,
        partner_reference: at('partner_reference'),
        authorization_reference: at('authorization_reference') || null,
        merchant_reference: at('merchant_reference') || null,
        gross_amount: integer('gross_amount'),
        fee_amount: integer('fee_amount'),
        net_amount: integer('net_amount'),
        currency,
        transaction_date: at('transaction_date'),
      };
    }
  }
  for await (const chunk of chunks) yield* lines(parser.push(chunk));
  yield* lines(parser.end());
}

function toSettlementBatch(wire: WireSettlementBatch): SettlementBatch {
  return {
    batch_id: wire.batch_id,
    currency: wire.currency,
    settled_on: wire.settled_on,
    period_start: wire.period_start,
    period_end: wire.period_end,
    line_count: wire.line_count,
    created_at: wire.created_at,
  };
}

export function toDispute(wire: WireDispute): PartnerDispute {
  return {
    reference: wire.reference,
    authorization_reference: wire.authorization_reference,
    status: wire.status,
    reason: wire.reason,
    amount: wire.amount,
    currency: wire.currency as Currency,
    evidence_due_at: wire.evidence_due_at,
    partner_status: wire.partner_status,
    partner_status_description: wire.partner_status_description,
    created_at: wire.created_at,
    updated_at: wire.updated_at,
  };
}

export function toAuthorizeResult(wire: WireAuthorization): AuthorizeResult {
  return {
    type: 'authorization',
    status: wire.status,
    requested_amount: wire.amount,
    authorized_amount: wire.authorized_amount,
    currency: wire.currency,
    partner_reference: wire.reference,
    partner_status: wire.partner_status,
    partner_status_description: wire.partner_status_description,
    partner_token: wire.token,
    refusal_reason: wire.reason,
    card: wire.card,
    authentication: wire.authentication,
    redirection: wire.redirection,
    partner_additional_data: wire.additional_data,
    amounts: wire.amounts,
  };
}

export function toOperationResult(wire: WireOperation): OperationResult {
  return {
    type: wire.object,
    status: wire.status,
    partner_reference: wire.reference,
    authorization_reference: wire.authorization_reference,
    requested_amount: wire.amount,
    processed_amount: wire.processed_amount,
    currency: wire.currency,
    partner_status: wire.partner_status,
    partner_status_description: wire.partner_status_description,
    refusal_reason: wire.reason,
    authorization_amounts: wire.authorization_amounts,
  };
}
