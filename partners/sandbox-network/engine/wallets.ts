// sandbox-wallet: the shopper approves on the wallet's page, which answers a reusable token
// (wtok_); authorizing with that token approves at once, with no page.
import type { WireAuthorizeBody } from '../schemas';
import { approve, newId, refuse, setPending, type AuthorizationRecord, type Instrument } from './books';

export class Wallets implements Instrument {
  readonly page = 'wallet';
  private tokens = new Set<string>();

  reset(): void {
    this.tokens.clear();
  }

  snapshot(): unknown {
    return [...this.tokens];
  }

  restore(state: unknown): void {
    this.tokens = new Set(state as string[]);
  }

  authorize(record: AuthorizationRecord, body: WireAuthorizeBody): void {
    if (body.wallet_token === undefined) {
      return setPending(record, 'wallet', 'AWAITING_APPROVAL', 'The shopper must approve the payment in the wallet.');
    }
    if (!this.tokens.has(body.wallet_token))
      return refuse(record, 'UNKNOWN_CARD', 'UNKNOWN_TOKEN', 'The wallet token is unknown.');
    record.token = body.wallet_token;
    approve(record, record.amount, 'APPROVED', 'Approved with a saved wallet agreement.');
  }

  decide(record: AuthorizationRecord, accept: boolean): void {
    if (accept) {
      record.token = newId('wtok');
      this.tokens.add(record.token);
      approve(record, record.amount, 'APPROVED', 'The shopper approved the payment in the wallet.');
    } else {
      refuse(record, 'BLOCKED_BY_CUSTOMER', 'DECLINED_BY_SHOPPER', 'The shopper declined the payment in the wallet.');
    }
  }
}
