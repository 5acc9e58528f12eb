// sandbox-card: the acquirer. The card number decides (test-data.ts): approval, refusal, a 3-D
// Secure challenge or frictionless authentication, an acquirer timeout that settles at the first
// status read. Approved cards may be saved for later payments (ctok_ tokens).
// A PAN never reaches a record: authorize() keeps bin / last four digits and drops the rest.
import { randomUUID } from 'node:crypto';
import type { AuthenticationOutcome } from '../../partner';
import { cardScenario, normaliseExpiry, resolveNetwork } from '../test-data';
import type { WireAuthorizeBody } from '../schemas';
import {
  SandboxHttpError,
  approve,
  newId,
  refuse,
  setPending,
  type AuthorizationRecord,
  type Books,
  type Instrument,
} from './books';

export class Cards implements Instrument {
  readonly page = 'challenge';
  /** Reusable card tokens (ctok_) and the card each stands for, as a real acquirer keeps them. */
  private tokens = new Map<string, NonNullable<AuthorizationRecord['card']>>();

  constructor(private readonly books: Books) {}

  reset(): void {
    this.tokens.clear();
  }

  snapshot(): unknown {
    return Object.fromEntries(this.tokens);
  }

  restore(state: unknown): void {
    this.tokens = new Map(Object.entries(state as Record<string, NonNullable<AuthorizationRecord['card']>>));
  }

  authorize(record: AuthorizationRecord, body: WireAuthorizeBody, now: Date): void {
    if (body.card_token !== undefined && body.card === undefined) {
      // A merchant-initiated payment with a saved card: no shopper, so no 3-D Secure.
      const saved = this.tokens.get(body.card_token);
      if (!saved) return refuse(record, 'UNKNOWN_CARD', 'UNKNOWN_TOKEN', 'The card token is unknown.');
      record.card = saved;
      record.token = body.card_token;
      return this.approve(record, 'Authorized with a saved card.');
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
    const scenario = cardScenario({ digits, expiry, ...(card.cvv !== undefined ? { cvv: card.cvv } : {}) }, now);
    switch (scenario.kind) {
      case 'approve':
        this.approve(record, 'Authorized by the issuer.');
        record.disputeScenario = scenario.dispute ?? null;
        break;
      case 'refuse':
        refuse(record, scenario.reason, scenario.partnerStatus, scenario.description);
        break;
      case 'frictionless':
        record.authentication = threeDs('FRICTIONLESS');
        this.approve(record, 'Authenticated without challenge and authorized.');
        break;
      case 'challenge':
        record.authentication = threeDs('CHALLENGE');
        setPending(record, 'challenge', 'CHALLENGE_REQUIRED', 'The cardholder must complete a 3-D Secure challenge.');
        break;
      case 'timeout':
        record.status = 'UNCERTAIN';
        record.pending = 'uncertain';
        record.partnerStatus = 'ACQUIRER_TIMEOUT';
        record.description = 'The issuer did not answer in time; the outcome is unknown until a status request.';
        break;
    }
  }

  hasPage(record: AuthorizationRecord): boolean {
    return record.authentication?.flow === 'CHALLENGE';
  }

  /** The cardholder completed or failed the 3-D Secure challenge. */
  decide(record: AuthorizationRecord, success: boolean): void {
    const authentication = record.authentication;
    if (!authentication) return;
    record.authentication = {
      ...authentication,
      status: success ? 'SUCCESS' : 'FAILURE',
      eci: success ? '05' : '07',
      challenge_data: null,
    };
    if (success) this.approve(record, 'Authenticated by challenge and authorized.');
    else
      refuse(
        record,
        'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
        'AUTHENTICATION_FAILED',
        'The cardholder failed the 3-D Secure challenge.',
      );
  }

  /** The timeout card: the issuer's late answer is there for the first read after uncertainSettleMs. */
  onRead(record: AuthorizationRecord): void {
    if (
      record.pending === 'uncertain' &&
      Date.now() - record.createdAt.getTime() >= this.books.options.uncertainSettleMs
    ) {
      this.approve(record, 'The issuer answered late: authorized.');
      this.books.changed(record);
    }
  }

  /** Every card approval: the whole amount, an authorization code, and the token the shopper asked for. */
  private approve(record: AuthorizationRecord, description: string): void {
    approve(record, record.amount, 'APPROVED', description);
    record.additional.authorization_code = String(Math.floor(100000 + Math.random() * 900000));
    if (record.saveCard && record.token === null && record.card) {
      record.token = newId('ctok');
      this.tokens.set(record.token, record.card);
    }
  }
}

function threeDs(flow: 'CHALLENGE' | 'FRICTIONLESS'): AuthenticationOutcome {
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
}
