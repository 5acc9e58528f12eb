// sandbox-giftcard: stored value. An authorization holds what the balance covers (partially when
// it covers less); a capture spends the hold, a void gives it back, a refund gives back what was
// spent. Balances start from test-data.ts's table and refill on reset.
import { GIFT_CARD_PIN, TEST_GIFT_CARDS } from '../test-data';
import type { WireAuthorizeBody, WireBalance } from '../schemas';
import {
  SandboxHttpError,
  approve,
  refuse,
  type AuthorizationRecord,
  type Instrument,
  type OperationKind,
} from './books';

export class GiftCards implements Instrument {
  private cards = new Map<string, { balance: number; held: number; active: boolean }>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.cards = new Map(
      Object.entries(TEST_GIFT_CARDS).map(([n, c]) => [n, { balance: c.balance, held: 0, active: c.active }]),
    );
  }

  authorize(record: AuthorizationRecord, body: WireAuthorizeBody): void {
    const input = body.giftcard;
    if (!input) throw new SandboxHttpError(422, 'invalid_request', 'giftcard is required for sandbox-giftcard');
    const number = input.number.replace(/\s/g, '');
    record.additional.giftcard_last_four_digits = number.slice(-4);
    const card = this.cards.get(number);
    if (!card) return refuse(record, 'UNKNOWN_CARD', 'UNKNOWN_CARD', 'No gift card has this number.');
    if (input.pin !== undefined && input.pin !== GIFT_CARD_PIN)
      return refuse(record, 'WRONG_CARD_DATA', 'WRONG_PIN', 'The PIN is wrong.');
    if (!card.active) return refuse(record, 'CARD_IS_NOT_ACTIVE', 'CARD_NOT_ACTIVE', 'The gift card is not activated.');
    if (card.balance <= 0)
      return refuse(record, 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_BALANCE', 'The gift card balance is zero.');
    const authorized = Math.min(record.amount, card.balance);
    card.balance -= authorized;
    card.held += authorized;
    record.giftCard = number;
    const partial = authorized < record.amount;
    approve(
      record,
      authorized,
      partial ? 'PARTIALLY_AUTHORIZED' : 'APPROVED',
      partial ? 'The balance covers part of the amount: partially authorized.' : 'Authorized on the gift card balance.',
    );
    record.additional.remaining_balance = String(card.balance);
  }

  snapshot(): unknown {
    return Object.fromEntries(this.cards);
  }

  restore(state: unknown): void {
    this.cards = new Map(Object.entries(state as Record<string, { balance: number; held: number; active: boolean }>));
  }

  onOperation(record: AuthorizationRecord, kind: OperationKind, amount: number): void {
    const card = record.giftCard === null ? undefined : this.cards.get(record.giftCard);
    if (!card) return;
    if (kind === 'capture') card.held -= amount;
    if (kind === 'void') {
      card.held -= amount;
      card.balance += amount;
    }
    if (kind === 'refund') card.balance += amount;
  }

  balance(number: string, pin: string | undefined): WireBalance {
    const digits = number.replace(/\s/g, '');
    const card = this.cards.get(digits);
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
}
