// A payment submitted from a client session tells that session of its first outcome (the shopper
// may have to follow a redirection) and of every change of authorization status after it, one
// signal at a time and in order. Until the first one, somebody else answers the shopper (the
// payment's own awaitAuthorization Update, or the session's older submit Update) and the API writes
// the read model from that answer, so the payment does not (workflows/read-model.ts).
//
// When the API that started the payment says it tells the session of the first outcome itself
// (`apiTellsSessionOfFirstOutcome`), the payment does not: a signal from workflow code costs the
// payment a workflow task of its own when the server confirms it, one per checkout. Should that
// API die before telling, the session asks (sessionAsksForNewsSignal) and is told again.
import { condition, getExternalWorkflowHandle, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { Payment } from '../../api/schemas/v2';
import { authorizationStatus } from '../../domain/payment-status';
import { paymentChangedSignal, sessionAsksForNewsSignal } from './messages';
import type { PaymentRun } from './run';

const { notifyClientSession } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumInterval: '30 seconds' },
});

export class ParentSessionLink {
  /** True once the session has been handed the first outcome. */
  told = false;
  private notifiedKey = '';

  constructor(
    private readonly run: PaymentRun,
    private readonly parentWorkflowId: string | undefined,
  ) {}

  /** Whether somebody else will write the read model of the current state (the session's answer). */
  get holdsReadModel(): boolean {
    return this.parentWorkflowId !== undefined && !this.told;
  }

  private key(): string {
    return `${this.run.authorizationPhase === 'RUNNING' ? 'running' : 'answered'}:${authorizationStatus(this.run.state)}`;
  }

  /** Runs until the payment finishes or the session ends; `onFirstTell` runs as the first outcome leaves. */
  async keepInformed(onFirstTell: () => void): Promise<void> {
    const parentId = this.parentWorkflowId;
    if (parentId === undefined) return;
    const { run } = this;
    let sessionAsked = false;
    setHandler(sessionAsksForNewsSignal, () => {
      sessionAsked = true;
      this.notifiedKey = '';
    });
    for (;;) {
      await condition(() => (this.key() !== this.notifiedKey && run.authorizationPhase !== 'RUNNING') || run.finished);
      if (run.finished && this.key() === this.notifiedKey) return;
      this.notifiedKey = this.key();
      const payment = run.view();
      if (!this.told) {
        onFirstTell();
        this.told = true;
        if (run.input.apiTellsSessionOfFirstOutcome && !sessionAsked) continue;
      }
      const outcome = await this.tell(parentId, payment);
      // Once the session has ended, the payment goes on without it.
      if (outcome === 'session-ended') return;
    }
  }

  /**
   * A signal from workflow code; runs started before the patch 'no-local-activities' sent it from a
   * local activity instead (partner-calls.ts says why no run does any more).
   */
  private async tell(parentId: string, payment: Payment): Promise<'told' | 'session-ended'> {
    if (this.run.usesLocalActivities) {
      return notifyClientSession({ workflowId: parentId, payment }).catch(() => 'session-ended' as const);
    }
    try {
      await getExternalWorkflowHandle(parentId).signal(paymentChangedSignal, payment);
      return 'told';
    } catch {
      // The session's workflow has completed (expired, aborted): nobody is left to tell.
      return 'session-ended';
    }
  }
}
