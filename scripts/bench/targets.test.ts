import { describe, expect, it } from 'vitest';
import { atMost, issueTargets, shareOf, targetRow, verdictOf, withinOfBare, type TargetFigures } from './targets';

const figures: TargetFigures = {
  concurrency: 16,
  captureP50: 13,
  voidP50: 13.5,
  refundP50: 20,
  sessionP50: 9,
  submissionP50: 41,
  submissionLabel: 'POST /checkout/v1/sessions/{id}/payments',
  bareUpdateLocalActivityP50: 10.9,
  bareStartP50: 6,
  bareSubmissionP50: 27.25,
  checkoutRate: 26,
  paymentRate: 49,
  v1Rate: 24,
  v2BesideV1Rate: 25,
  emptyWorkflowRate: 100,
  bareShapeRate: 28,
  firstWebhookP50: 100,
  memory: undefined,
  errors: 0,
};

describe('a target within a margin of a bare figure', () => {
  it('passes at the bare p50 plus the margin and misses above it, saying how the bound was made', () => {
    const bare = { label: 'Update + local activity', p50: 10.9 };
    expect(verdictOf(withinOfBare('capture p50', 13.9, bare, 3))).toBe('PASS');
    const missed = withinOfBare('capture p50', 31.6, bare, 3);
    expect(verdictOf(missed)).toBe('MISS');
    expect(targetRow(missed)).toBe(
      '  MISS  capture p50: 31.6 ms, target <= bare Update + local activity 10.9 ms + 3 = 13.9 ms',
    );
  });

  it('is n/a when the bare figure was not measured (--skip-bare) or nothing was measured', () => {
    const skipped = withinOfBare('capture p50', 12, { label: 'Update + local activity', p50: undefined }, 3);
    expect(verdictOf(skipped)).toBe('n/a');
    expect(targetRow(skipped)).toContain('not measured');
    expect(verdictOf(withinOfBare('void p50', Number.NaN, { label: 'x', p50: 10 }, 3))).toBe('n/a');
  });
});

describe('a rate as a share of a reference rate', () => {
  it('compares with the fraction of the reference and prints the measured share', () => {
    const target = shareOf('checkout lifecycles/s', 25, { label: 'empty workflows/s', perSecond: 100 }, 0.26);
    expect(verdictOf(target)).toBe('MISS');
    expect(targetRow(target)).toBe(
      '  MISS  checkout lifecycles/s: 25.00/s, target >= 26% of empty workflows/s 100.0/s = 26.00/s (measured 25.0%)',
    );
    expect(verdictOf(shareOf('x', 26, { label: 'y', perSecond: 100 }, 0.26))).toBe('PASS');
    expect(verdictOf(shareOf('x', 26, { label: 'y', perSecond: undefined }, 0.26))).toBe('n/a');
  });
});

describe("issue 19's targets", () => {
  it('are the issue targets in its order, then the errors', () => {
    const targets = issueTargets(figures, [5000, 10000]);
    expect(targets.map((t) => [t.what, verdictOf(t)])).toEqual([
      ['capture p50 at concurrency 1', 'PASS'],
      ['void p50 at concurrency 1', 'PASS'],
      ['refund p50 at concurrency 1', 'MISS'],
      ['checkout submission p50 at concurrency 1 (POST /checkout/v1/sessions/{id}/payments)', 'MISS'],
      ['session creation p50 at concurrency 1', 'PASS'],
      ['checkout lifecycles/s at concurrency 16', 'PASS'],
      // 26 of 28 bare checkouts/s is 92.9%.
      ['checkout lifecycles/s at concurrency 16', 'PASS'],
      ['payment lifecycles/s at concurrency 16', 'MISS'],
      ['first webhook delivery p50 after the change (event created_at)', 'PASS'],
      ['api resident size growth from 5000 to 10000 lifecycles within noise', 'n/a'],
      ['worker resident size growth from 5000 to 10000 lifecycles within noise', 'n/a'],
      ['v1 lifecycles/s at concurrency 16 (v1 costs at most 10% more than v2)', 'PASS'],
      ['errors, every phase', 'PASS'],
    ]);
    expect(targetRow(targets[9]!)).toContain('n/a, target <= not measured (no --memory)');
    // v1 is compared with the v2 checkouts run in turn with it, not with phase 3's.
    expect(targetRow(targets[11]!)).toBe(
      '  PASS  v1 lifecycles/s at concurrency 16 (v1 costs at most 10% more than v2): 24.00/s, target >= v2 checkouts in turn with it 25.00/s / 1.10 = 22.73/s',
    );
    expect(targetRow(targets[3]!)).toBe(
      '  MISS  checkout submission p50 at concurrency 1 (POST /checkout/v1/sessions/{id}/payments): 41.0 ms, target <= 40 ms (absolute; its round trips made bare: 27.3 ms)',
    );
    expect(targetRow(issueTargets({ ...figures, bareSubmissionP50: undefined }, [5000, 10000])[3]!)).toContain(
      'its round trips made bare: not measured',
    );
  });

  it('judge memory growth against the noise, and cannot judge a phase that stopped early', () => {
    const [api, worker] = issueTargets(
      {
        ...figures,
        memory: {
          api: { firstMiB: 180, secondMiB: 189.5, noiseMiB: 10, readingsPerMilestone: 5 },
          worker: { firstMiB: 400, secondMiB: 430, noiseMiB: 20, readingsPerMilestone: 5 },
        },
      },
      [5000, 10000],
    ).slice(9, 11);
    expect(verdictOf(api!)).toBe('PASS');
    expect(targetRow(api!)).toBe(
      '  PASS  api resident size growth from 5000 to 10000 lifecycles within noise: 9.5 MiB, target <= 10.0 MiB of noise (medians of 5 readings: 180.0 MiB after 5000, 189.5 MiB after 10000)',
    );
    expect(verdictOf(worker!)).toBe('MISS');
    const [stopped] = issueTargets(
      {
        ...figures,
        memory: {
          api: { firstMiB: 180, secondMiB: undefined, noiseMiB: 10, readingsPerMilestone: 1 },
          worker: { firstMiB: 400, secondMiB: undefined, noiseMiB: 20, readingsPerMilestone: 1 },
        },
      },
      [5000, 10000],
    ).slice(9, 10);
    expect(verdictOf(stopped!)).toBe('n/a');
  });

  it('count any error as a miss', () => {
    const errors = issueTargets({ ...figures, errors: 1 }, [5000, 10000]).at(-1)!;
    expect(targetRow(errors)).toBe('  MISS  errors, every phase: 1, target <= 0');
  });
});

describe('an absolute bound', () => {
  it('says it is absolute', () => {
    expect(targetRow(atMost('submission p50', 40, 40, ' ms'))).toBe(
      '  PASS  submission p50: 40.0 ms, target <= 40 ms (absolute)',
    );
  });
});
