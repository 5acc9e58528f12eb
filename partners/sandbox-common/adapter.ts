// What the four sandbox adapters share: they talk to one sandbox network, so capture, void,
// refund, status and notifications are the same; each adapter folder only says how its payment
// instrument goes into an authorize call (like a connector's request transformer).
import { methodsOf, type SandboxPartnerName } from '../catalog';
import { PartnerHttpClient } from '../http';
import {
  PartnerNotificationError,
  PartnerRequestError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type OperationRequest,
  type OperationResult,
  type PartnerAdapter,
  type PartnerCall,
  type PartnerNotification,
  type RawNotification,
  type StatusRequest,
  type StatusResult,
} from '../partner';
import { DEFAULT_NOTIFICATION_SECRET, SIGNATURE_HEADER, verifySignature } from './signature';
import type {
  WireAuthorization,
  WireAuthorizeBody,
  WireNotification,
  WireOperation,
  WireOperationBody,
} from '../sandbox-network/schemas';

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';

export interface SandboxAdapterConfig {
  /** The sandbox network's URL; default http://127.0.0.1:4010 (config.sandboxPartnersUrl). */
  baseUrl?: string;
  /** Per HTTP attempt, default 10 s. */
  timeoutMs?: number;
  /** Shared with the sandbox (SANDBOX_NOTIFICATION_SECRET); default DEFAULT_NOTIFICATION_SECRET. */
  notificationSecret?: string;
  /** Accepted age of a notification's signature timestamp, default 300 s. */
  notificationToleranceSeconds?: number;
  /** Extra headers on every call, e.g. the sandbox's x-sandbox-fault in tests. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export abstract class SandboxPartnerAdapter implements PartnerAdapter {
  readonly methods: readonly string[];
  protected readonly http: PartnerHttpClient;
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
      fetch: config.fetch,
    });
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
    const authorization = parsed?.authorization;
    if (parsed?.type !== 'authorization.updated' || authorization?.object !== 'authorization') {
      throw new PartnerNotificationError(this.name, 'invalid_body');
    }
    if (authorization.partner !== this.name) throw new PartnerNotificationError(this.name, 'wrong_partner');
    return {
      partner: this.name,
      idempotency_key: authorization.idempotency_key,
      result: toAuthorizeResult(authorization),
    };
  }
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
