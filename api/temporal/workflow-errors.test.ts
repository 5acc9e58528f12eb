import { describe, expect, it } from 'vitest';
import { isWorkflowUnreplayable } from './workflow-errors';

describe('isWorkflowUnreplayable', () => {
  it("recognises Temporal's nondeterminism failure, as a query meets it", () => {
    const query = new Error(
      '[TMPRL1100] Nondeterminism error: Update machine does not handle this event: HistoryEvent(id: 19, ActivityTaskScheduled)',
    );
    expect(isWorkflowUnreplayable(query)).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isWorkflowUnreplayable(new Error('Query failed: workflow not found'))).toBe(false);
    expect(isWorkflowUnreplayable('TMPRL1100')).toBe(false);
    expect(isWorkflowUnreplayable(undefined)).toBe(false);
  });
});
