// sandbox-instalments (3x, 4x): the shopper applies on the lender's page; the lender decides
// instalmentDecisionMs later (test-data.ts's lenderDecision) and the outcome is notified.
import { lenderDecision } from '../test-data';
import { approve, refuse, setPending, type AuthorizationRecord, type Books, type Instrument } from './books';

export class Instalments implements Instrument {
  readonly page = 'lender';

  constructor(private readonly books: Books) {}

  reset(): void {}

  authorize(record: AuthorizationRecord): void {
    setPending(record, 'lender', 'AWAITING_SHOPPER', "The shopper must apply on the lender's page.");
  }

  decide(record: AuthorizationRecord, accept: boolean): void {
    if (!accept) {
      refuse(record, 'BLOCKED_BY_CUSTOMER', 'CANCELLED_BY_SHOPPER', 'The shopper cancelled the application.');
      return;
    }
    record.pending = 'review';
    record.partnerStatus = 'UNDER_REVIEW';
    record.description = 'The lender is reviewing the application.';
    record.updatedAt = new Date();
    this.books.later(this.books.options.instalmentDecisionMs, () => this.lenderDecides(record));
  }

  /**
   * After a restart: the lender still decides on the applications under review, at the time it
   * would have (at once if that time has passed), rather than leaving them waiting for ever.
   */
  resumeReviews(now: number): void {
    for (const record of this.books.authorizations.values()) {
      if (record.partner !== 'sandbox-instalments' || record.pending !== 'review') continue;
      const dueIn = record.updatedAt.getTime() + this.books.options.instalmentDecisionMs - now;
      this.books.later(Math.max(0, dueIn), () => this.lenderDecides(record));
    }
  }

  private lenderDecides(record: AuthorizationRecord): void {
    // A reset since the shopper applied forgot this authorization: nobody waits for it any more.
    if (record.pending !== 'review' || this.books.authorizations.get(record.reference) !== record) return;
    const decision = lenderDecision(record.amount, record.customerEmail);
    if (decision.accept) {
      approve(record, record.amount, 'ACCEPTED', `The lender accepted the ${record.method} plan.`);
      record.additional.instalments = record.method.replace('x', '');
    } else {
      refuse(record, decision.reason, 'DECLINED', decision.description);
    }
    this.books.changed(record);
  }
}
