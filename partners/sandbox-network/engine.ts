// The sandbox "bank": authorizations, operations, gift card balances, wallet tokens and the
// ledger, all in memory. No HTTP here (server.ts wraps it), so the rules read in one place.
// A PAN never reaches a record: authorize() keeps bin / last four digits and drops the rest.
import { randomBytes, randomUUID } from 'node:crypto';
import { offersMethod, type Currency, type PartnerName, type ReasonCode } from '../catalog';
import type { AuthenticationOutcome, AuthorizationAmounts, PartnerAuthorizationStatus, Redirection } from '../partner';
import {
  GIFT_CARD_PIN,
  TEST_GIFT_CARDS,
  cardScenario,
  lenderDecision,
  normaliseExpiry,
  resolveNetwork,
} from './test-data';
import type {
  LedgerEntry,
  LedgerEntryType,
  WireAuthorization,
  WireAuthorizeBody,
  WireBalance,
  WireOperation,
  WireOperationBody,
} from './wire';

export class SandboxHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface EngineOptions {
  /** Origin the shopper's browser reaches the sandbox on (for redirection hrefs). */
  publicUrl: () => string;
  /** The timeout card settles (AUTHORIZED) at the first status read at least this long after authorize. */
  uncertainSettleMs: number;
  /** Delay between the shopper applying on the lender page and the lender's decision. */
  instalmentDecisionMs: number;
  /** Called when an authorization reaches a final status asynchronously. */
  notify: (url: string, authorization: WireAuthorization) => void;
}

/** What the shopper still has to do (or what the partner still waits for). */
type PendingStep = 'challenge' | 'wallet' | 'lender' | 'review' | 'uncertain';

interface AuthorizationRecord {
  reference: string;
  partner: PartnerName;
  method: string;
  status: PartnerAuthorizationStatus;
  amount: number;
  authorized: number;
  currency: Currency;
  partnerStatus: string;
  description: string;
  reason: ReasonCode | null;
  token: string | null;
  card: WireAuthorization['card'];
  authentication: AuthenticationOutcome | null;
  pending: PendingStep | null;
  returnUrl: string | null;
  notificationUrl: string | null;
  customerEmail: string | undefined;
  orderReference: string | null;
  idempotencyKey: string;
  captured: number;
  voided: number;
  refunded: number;
  createdAt: Date;
  updatedAt: Date;
  giftCard: string | null;
  /** The shopper agreed to future usage: an approved card authorization gets a reusable token. */
  saveCard: boolean;
  additional: Record<string, string>;
}

type OperationKind = 'capture' | 'void' | 'refund';
const LEDGER_TYPE: Record<OperationKind, LedgerEntryType> = { capture: 'CAPTURE', void: 'VOID', refund: 'REFUND' };
const REF_PREFIX: Record<OperationKind, string> = { capture: 'cap', void: 'void', refund: 'rfd' };

export type LedgerFilter = Partial<
  Pick<LedgerEntry, 'type' | 'partner' | 'partner_reference' | 'authorization_reference' | 'idempotency_key' | 'status'>
>;

export type PageKind = 'challenge' | 'wallet' | 'lender';

/** What a page shows; no card data beyond the last four digits. */
export interface PageView {
  kind: PageKind;
  reference: string;
  method: string;
  amount: number;
  currency: Currency;
  orderReference: string | null;
  lastFour: string | null;
  /** Still waiting for the shopper on this page. */
  open: boolean;
  status: PartnerAuthorizationStatus;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export class SandboxEngine {
  private authorizations = new Map<string, AuthorizationRecord>();
  private operations = new Map<string, WireOperation>();
  private giftCards = new Map<string, { balance: number; held: number; active: boolean }>();
  private walletTokens = new Set<string>();
  /** Reusable card tokens (ctok_) and the card each stands for, as a real acquirer keeps them. */
  private cardTokens = new Map<string, NonNullable<WireAuthorization['card']>>();
  private entries: LedgerEntry[] = [];
  private timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: EngineOptions) {
    this.reset();
  }

  reset(): void {
    this.dispose();
    this.authorizations.clear();
    this.operations.clear();
    this.walletTokens.clear();
    this.cardTokens.clear();
    this.entries = [];
    this.giftCards = new Map(
      Object.entries(TEST_GIFT_CARDS).map(([n, c]) => [n, { balance: c.balance, held: 0, active: c.active }]),
    );
  }

  /** Cancels pending lender decisions. */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  ledger(filter: LedgerFilter = {}): LedgerEntry[] {
    const conditions = Object.entries(filter).filter(([, v]) => v !== undefined) as [keyof LedgerEntry, unknown][];
    return this.entries.filter((e) => conditions.every(([k, v]) => e[k] === v));
  }

  // -------------------------------------------------------------------------------------------
  // Authorize

  authorize(partner: PartnerName, body: WireAuthorizeBody, idempotencyKey: string): WireAuthorization {
    if (!offersMethod(partner, body.method)) {
      throw new SandboxHttpError(422, 'unsupported_method', `${partner} does not offer method ${body.method}`);
    }
    for (const field of ['return_url', 'notification_url'] as const) {
      const value = body[field];
      if (value !== undefined && !isHttpUrl(value))
        throw new SandboxHttpError(422, 'invalid_request', `${field} must be an absolute http(s) URL`);
    }
    const now = new Date();
    const record: AuthorizationRecord = {
      reference: newId('auth'),
      partner,
      method: body.method,
      status: 'PENDING',
      amount: body.amount,
      authorized: 0,
      currency: body.currency,
      partnerStatus: '',
      description: '',
      reason: null,
      token: null,
      card: null,
      authentication: null,
      pending: null,
      returnUrl: body.return_url ?? null,
      notificationUrl: body.notification_url ?? null,
      customerEmail: body.customer?.email,
      orderReference: body.order_reference ?? null,
      idempotencyKey,
      captured: 0,
      voided: 0,
      refunded: 0,
      createdAt: now,
      updatedAt: now,
      giftCard: null,
      saveCard: body.save_card === true,
      additional: {},
    };
    if (body.three_ds?.challenge_indicator) record.additional.challenge_indicator = body.three_ds.challenge_indicator;
    switch (partner) {
      case 'sandbox-card':
        this.authorizeCard(record, body, now);
        break;
      case 'sandbox-giftcard':
        this.authorizeGiftCard(record, body);
        break;
      case 'sandbox-wallet':
        this.authorizeWallet(record, body);
        break;
      case 'sandbox-instalments':
        this.setPending(record, 'lender', 'AWAITING_SHOPPER', "The shopper must apply on the lender's page.");
        break;
    }
    this.authorizations.set(record.reference, record);
    this.record('AUTHORIZE', record, idempotencyKey);
    return this.wire(record);
  }

  private authorizeCard(record: AuthorizationRecord, body: WireAuthorizeBody, now: Date): void {
    if (body.card_token !== undefined && body.card === undefined) {
      // A merchant-initiated payment with a saved card: no shopper, so no 3-D Secure.
      const saved = this.cardTokens.get(body.card_token);
      if (!saved) return this.refuse(record, 'UNKNOWN_CARD', 'UNKNOWN_TOKEN', 'The card token is unknown.');
      record.card = saved;
      record.token = body.card_token;
      return this.approve(record, record.amount, 'APPROVED', 'Authorized with a saved card.');
    }
    const card = body.card;
    if (!card) throw new SandboxHttpError(422, 'invalid_request', 'card or card_token is required for sandbox-card');
    const digits = card.number.replace(/[\s-]/g, '');
    const expiry = normaliseExpiry(card.expiry_month, card.expiry_year);
    record.card = {
      bin: digits.slice(0, 6),
      last_four_digits: digits.slice(-4),
      network: resolveNetwork(digits, card.selected_network),
      expiry_month: expiry?.month ?? card.expiry_month.slice(0, 2),
      expiry_year: expiry?.year ?? card.expiry_year.slice(-2),
      holder_name: card.holder_name ?? null,
    };
    const scenario = cardScenario({ digits, expiry, cvv: card.cvv }, now);
    const threeDs = (flow: 'CHALLENGE' | 'FRICTIONLESS'): AuthenticationOutcome => {
      const ids = { ds: randomUUID(), acs: randomUUID() };
      const creq = {
        threeDSServerTransID: ids.ds,
        acsTransID: ids.acs,
        messageType: 'CReq',
        messageVersion: '2.2.0',
        challengeWindowSize: '05',
      };
      return {
        status: flow === 'CHALLENGE' ? 'PENDING' : 'SUCCESS',
        flow,
        eci: flow === 'CHALLENGE' ? null : '05',
        version: '2.2.0',
        ds_transaction_id: ids.ds,
        acs_transaction_id: ids.acs,
        challenge_data: flow === 'CHALLENGE' ? Buffer.from(JSON.stringify(creq)).toString('base64url') : null,
      };
    };
    switch (scenario.kind) {
      case 'approve':
        this.approve(record, record.amount, 'APPROVED', 'Authorized by the issuer.');
        break;
      case 'refuse':
        this.refuse(record, scenario.reason, scenario.partnerStatus, scenario.description);
        break;
      case 'frictionless':
        record.authentication = threeDs('FRICTIONLESS');
        this.approve(record, record.amount, 'APPROVED', 'Authenticated without challenge and authorized.');
        break;
      case 'challenge':
        record.authentication = threeDs('CHALLENGE');
        this.setPending(
          record,
          'challenge',
          'CHALLENGE_REQUIRED',
          'The cardholder must complete a 3-D Secure challenge.',
        );
        break;
      case 'timeout':
        record.status = 'UNCERTAIN';
        record.pending = 'uncertain';
        record.partnerStatus = 'ACQUIRER_TIMEOUT';
        record.description = 'The issuer did not answer in time; the outcome is unknown until a status request.';
        break;
    }
  }

  private authorizeGiftCard(record: AuthorizationRecord, body: WireAuthorizeBody): void {
    const input = body.giftcard;
    if (!input) throw new SandboxHttpError(422, 'invalid_request', 'giftcard is required for sandbox-giftcard');
    const number = input.number.replace(/\s/g, '');
    record.additional.giftcard_last_four_digits = number.slice(-4);
    const card = this.giftCards.get(number);
    if (!card) return this.refuse(record, 'UNKNOWN_CARD', 'UNKNOWN_CARD', 'No gift card has this number.');
    if (input.pin !== undefined && input.pin !== GIFT_CARD_PIN)
      return this.refuse(record, 'WRONG_CARD_DATA', 'WRONG_PIN', 'The PIN is wrong.');
    if (!card.active)
      return this.refuse(record, 'CARD_IS_NOT_ACTIVE', 'CARD_NOT_ACTIVE', 'The gift card is not activated.');
    if (card.balance <= 0)
      return this.refuse(record, 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_BALANCE', 'The gift card balance is zero.');
    const authorized = Math.min(record.amount, card.balance);
    card.balance -= authorized;
    card.held += authorized;
    record.giftCard = number;
    const partial = authorized < record.amount;
    this.approve(
      record,
      authorized,
      partial ? 'PARTIALLY_AUTHORIZED' : 'APPROVED',
      partial ? 'The balance covers part of the amount: partially authorized.' : 'Authorized on the gift card balance.',
    );
    record.additional.remaining_balance = String(card.balance);
  }

  private authorizeWallet(record: AuthorizationRecord, body: WireAuthorizeBody): void {
    if (body.wallet_token === undefined) {
      return this.setPending(
        record,
        'wallet',
        'AWAITING_APPROVAL',
        'The shopper must approve the payment in the wallet.',
      );
    }
    if (!this.walletTokens.has(body.wallet_token))
      return this.refuse(record, 'UNKNOWN_CARD', 'UNKNOWN_TOKEN', 'The wallet token is unknown.');
    record.token = body.wallet_token;
    this.approve(record, record.amount, 'APPROVED', 'Approved with a saved wallet agreement.');
  }

  private approve(record: AuthorizationRecord, amount: number, partnerStatus: string, description: string): void {
    record.status = 'AUTHORIZED';
    record.authorized = amount;
    record.pending = null;
    record.partnerStatus = partnerStatus;
    record.description = description;
    record.reason = null;
    if (record.partner === 'sandbox-card')
      record.additional.authorization_code = String(Math.floor(100000 + Math.random() * 900000));
    if (record.partner === 'sandbox-card' && record.saveCard && record.token === null && record.card) {
      record.token = newId('ctok');
      this.cardTokens.set(record.token, record.card);
    }
  }

  private refuse(record: AuthorizationRecord, reason: ReasonCode, partnerStatus: string, description: string): void {
    record.status = 'REFUSED';
    record.authorized = 0;
    record.pending = null;
    record.reason = reason;
    record.partnerStatus = partnerStatus;
    record.description = description;
  }

  private setPending(record: AuthorizationRecord, step: PendingStep, partnerStatus: string, description: string): void {
    record.status = 'PENDING';
    record.pending = step;
    record.partnerStatus = partnerStatus;
    record.description = description;
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  /** An authorization or operation. Reading the timeout card's authorization may settle it. */
  transaction(reference: string): WireAuthorization | WireOperation {
    const operation = this.operations.get(reference);
    if (operation) return operation;
    const record = this.mustGet(reference);
    if (record.pending === 'uncertain' && Date.now() - record.createdAt.getTime() >= this.options.uncertainSettleMs) {
      this.approve(record, record.amount, 'APPROVED', 'The issuer answered late: authorized.');
      this.changed(record);
    }
    return this.wire(record);
  }

  balance(number: string, pin: string | undefined): WireBalance {
    const digits = number.replace(/\s/g, '');
    const card = this.giftCards.get(digits);
    if (!card) throw new SandboxHttpError(404, 'unknown_card', 'No gift card has this number.');
    if (pin !== undefined && pin !== GIFT_CARD_PIN) throw new SandboxHttpError(422, 'wrong_pin', 'The PIN is wrong.');
    return {
      object: 'giftcard_balance',
      last_four_digits: digits.slice(-4),
      balance: card.balance,
      held: card.held,
      active: card.active,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Operations: validated like an acquirer would; a refusal is a FAILURE answer, not an error.

  operate(kind: OperationKind, reference: string, body: WireOperationBody, idempotencyKey: string): WireOperation {
    const auth = this.mustGet(reference);
    if (body.currency !== auth.currency) {
      throw new SandboxHttpError(422, 'currency_mismatch', `the authorization is in ${auth.currency}`);
    }
    const available = amountsOf(auth);
    const limit =
      kind === 'capture'
        ? available.available_to_capture
        : kind === 'void'
          ? available.available_to_void
          : available.available_to_refund;
    let failure: { reason: ReasonCode; status: string; description: string } | null = null;
    if (auth.status !== 'AUTHORIZED') {
      failure = {
        reason: 'BAD_REQUEST',
        status: 'NOT_AUTHORIZED',
        description: `The authorization is ${auth.status}.`,
      };
    } else if (body.amount > limit) {
      failure = {
        reason: 'AMOUNT_EXCEEDED',
        status: 'AMOUNT_EXCEEDED',
        description: `At most ${limit} can be ${pastTense(kind)}.`,
      };
    }
    if (!failure) {
      if (kind === 'capture') auth.captured += body.amount;
      if (kind === 'void') auth.voided += body.amount;
      if (kind === 'refund') auth.refunded += body.amount;
      this.moveGiftCardBalance(auth, kind, body.amount);
      auth.updatedAt = new Date();
    }
    const operation: WireOperation = {
      object: kind,
      reference: newId(REF_PREFIX[kind]),
      authorization_reference: auth.reference,
      partner: auth.partner,
      status: failure ? 'FAILURE' : 'SUCCESS',
      amount: body.amount,
      processed_amount: failure ? 0 : body.amount,
      currency: auth.currency,
      partner_status: failure?.status ?? pastTense(kind).toUpperCase(),
      partner_status_description: failure?.description ?? `${body.amount} ${pastTense(kind)}.`,
      reason: failure?.reason ?? null,
      authorization_amounts: amountsOf(auth),
      idempotency_key: idempotencyKey,
      created_at: new Date().toISOString(),
    };
    this.operations.set(operation.reference, operation);
    this.push({
      type: LEDGER_TYPE[kind],
      partner: auth.partner,
      method: auth.method,
      partner_reference: operation.reference,
      authorization_reference: auth.reference,
      idempotency_key: idempotencyKey,
      status: operation.status,
      amount: operation.amount,
      processed_amount: operation.processed_amount,
      currency: operation.currency,
      reason: operation.reason,
      card: cardRef(auth),
    });
    return operation;
  }

  /** Gift cards hold at authorization: a capture spends the hold, a void or refund gives back. */
  private moveGiftCardBalance(auth: AuthorizationRecord, kind: OperationKind, amount: number): void {
    const card = auth.giftCard === null ? undefined : this.giftCards.get(auth.giftCard);
    if (!card) return;
    if (kind === 'capture') card.held -= amount;
    if (kind === 'void') {
      card.held -= amount;
      card.balance += amount;
    }
    if (kind === 'refund') card.balance += amount;
  }

  // -------------------------------------------------------------------------------------------
  // Shopper pages (3DS ACS, wallet approval, lender)

  page(kind: PageKind, reference: string): PageView {
    const record = this.authorizations.get(reference);
    const expected: Record<PageKind, PartnerName> = {
      challenge: 'sandbox-card',
      wallet: 'sandbox-wallet',
      lender: 'sandbox-instalments',
    };
    if (
      !record ||
      record.partner !== expected[kind] ||
      (kind === 'challenge' && record.authentication?.flow !== 'CHALLENGE')
    ) {
      throw new SandboxHttpError(404, 'not_found', 'No such transaction.');
    }
    return {
      kind,
      reference,
      method: record.method,
      amount: record.amount,
      currency: record.currency,
      orderReference: record.orderReference,
      lastFour: record.card?.last_four_digits ?? null,
      open: record.pending === (kind === 'challenge' ? 'challenge' : kind),
      status: record.status,
    };
  }

  /**
   * The shopper's choice on a page. Returns where to send the browser (return_url with
   * partner_reference and status appended), or null when the orchestrator gave no return_url.
   * A second submission changes nothing and redirects again.
   */
  decide(kind: PageKind, reference: string, accept: boolean): string | null {
    const view = this.page(kind, reference);
    const record = this.mustGet(reference);
    if (view.open) {
      if (kind === 'challenge') this.completeChallenge(record, accept);
      if (kind === 'wallet') {
        if (accept) {
          record.token = newId('wtok');
          this.walletTokens.add(record.token);
          this.approve(record, record.amount, 'APPROVED', 'The shopper approved the payment in the wallet.');
        } else {
          this.refuse(
            record,
            'BLOCKED_BY_CUSTOMER',
            'DECLINED_BY_SHOPPER',
            'The shopper declined the payment in the wallet.',
          );
        }
      }
      if (kind === 'lender') {
        if (accept) {
          record.pending = 'review';
          record.partnerStatus = 'UNDER_REVIEW';
          record.description = 'The lender is reviewing the application.';
          record.updatedAt = new Date();
          this.later(this.options.instalmentDecisionMs, () => this.lenderDecides(record));
        } else {
          this.refuse(record, 'BLOCKED_BY_CUSTOMER', 'CANCELLED_BY_SHOPPER', 'The shopper cancelled the application.');
        }
      }
      if (record.status !== 'PENDING') this.changed(record);
    }
    if (!record.returnUrl) return null;
    const url = new URL(record.returnUrl);
    url.searchParams.set('partner_reference', record.reference);
    url.searchParams.set('status', record.status);
    return url.toString();
  }

  private completeChallenge(record: AuthorizationRecord, success: boolean): void {
    const authentication = record.authentication;
    if (!authentication) return;
    record.authentication = {
      ...authentication,
      status: success ? 'SUCCESS' : 'FAILURE',
      eci: success ? '05' : '07',
      challenge_data: null,
    };
    if (success) this.approve(record, record.amount, 'APPROVED', 'Authenticated by challenge and authorized.');
    else
      this.refuse(
        record,
        'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
        'AUTHENTICATION_FAILED',
        'The cardholder failed the 3-D Secure challenge.',
      );
  }

  private lenderDecides(record: AuthorizationRecord): void {
    if (record.pending !== 'review' || this.authorizations.get(record.reference) !== record) return;
    const decision = lenderDecision(record.amount, record.customerEmail);
    if (decision.accept) {
      this.approve(record, record.amount, 'ACCEPTED', `The lender accepted the ${record.method} plan.`);
      record.additional.instalments = record.method.replace('x', '');
    } else {
      this.refuse(record, decision.reason, 'DECLINED', decision.description);
    }
    this.changed(record);
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  // -------------------------------------------------------------------------------------------

  private mustGet(reference: string): AuthorizationRecord {
    const record = this.authorizations.get(reference);
    if (!record) throw new SandboxHttpError(404, 'not_found', 'No such transaction.');
    return record;
  }

  /** An asynchronous status change: ledger line, then a notification if a URL was given. */
  private changed(record: AuthorizationRecord): void {
    record.updatedAt = new Date();
    this.record('AUTHORIZATION_UPDATE', record, null);
    if (record.notificationUrl && record.status !== 'PENDING' && record.status !== 'UNCERTAIN') {
      this.options.notify(record.notificationUrl, this.wire(record));
    }
  }

  private record(
    type: 'AUTHORIZE' | 'AUTHORIZATION_UPDATE',
    record: AuthorizationRecord,
    idempotencyKey: string | null,
  ): void {
    this.push({
      type,
      partner: record.partner,
      method: record.method,
      partner_reference: record.reference,
      authorization_reference: record.reference,
      idempotency_key: idempotencyKey,
      status: record.status,
      amount: record.amount,
      processed_amount: record.authorized,
      currency: record.currency,
      reason: record.reason,
      card: cardRef(record),
    });
  }

  private push(entry: Omit<LedgerEntry, 'seq' | 'at'>): void {
    this.entries.push({ seq: this.entries.length + 1, at: new Date().toISOString(), ...entry });
  }

  private redirection(record: AuthorizationRecord): Redirection | null {
    const path = { challenge: 'acs', wallet: 'wallet', lender: 'lender' } as const;
    const step = record.pending;
    if (step !== 'challenge' && step !== 'wallet' && step !== 'lender') return null;
    return {
      href: `${this.options.publicUrl()}/${path[step]}/${record.reference}`,
      method: 'GET',
      media_type: null,
      body: null,
    };
  }

  private wire(record: AuthorizationRecord): WireAuthorization {
    return {
      object: 'authorization',
      reference: record.reference,
      partner: record.partner,
      method: record.method,
      status: record.status,
      amount: record.amount,
      authorized_amount: record.authorized,
      currency: record.currency,
      partner_status: record.partnerStatus,
      partner_status_description: record.description,
      reason: record.reason,
      token: record.token,
      card: record.card,
      authentication: record.authentication,
      redirection: this.redirection(record),
      additional_data: { ...record.additional },
      amounts: amountsOf(record),
      idempotency_key: record.idempotencyKey,
      created_at: record.createdAt.toISOString(),
      updated_at: record.updatedAt.toISOString(),
    };
  }
}

function amountsOf(r: AuthorizationRecord): AuthorizationAmounts {
  const uncaptured = r.authorized - r.captured - r.voided;
  return {
    authorized: r.authorized,
    captured: r.captured,
    voided: r.voided,
    refunded: r.refunded,
    available_to_capture: uncaptured,
    available_to_void: uncaptured,
    available_to_refund: r.captured - r.refunded,
  };
}

function cardRef(r: AuthorizationRecord): LedgerEntry['card'] {
  if (r.card) return { bin: r.card.bin, last_four_digits: r.card.last_four_digits };
  const giftLast4 = r.additional.giftcard_last_four_digits;
  return giftLast4 ? { bin: '', last_four_digits: giftLast4 } : null;
}

function pastTense(kind: OperationKind): string {
  return kind === 'capture' ? 'captured' : kind === 'void' ? 'voided' : 'refunded';
}
