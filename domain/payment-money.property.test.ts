/**
 * Property tests of the payment money rules: random split authorizations, then random
 * captures, voids and refunds sent through planOperation, each allocation recorded with a
 * random outcome (SUCCESS, FAILURE, PENDING, UNCERTAIN), in-flight legs settling later,
 * pending authorizations resolving. After every step the invariants below must hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_STATUSES, type AuthorizationStatus, type OperationPartnerTransactionStatus } from './enums';
import {
  authorizationBalances,
  availableOn,
  computeAmounts,
  overview,
  type AuthorizationBalance,
  type PaymentAmounts,
} from './payment-amounts';
import { authorizationFailed, automaticCapturePlan, compensationPlan } from './payment-compensation';
import {
  isInFlight,
  isUnsettledAuthorization,
  ledgerProblems,
  OPERATION_KINDS,
  type AuthorizationLeg,
  type OperationKind,
  type OperationLeg,
  type PaymentLedger,
} from './payment-ledger';
import { planOperation, type Allocation } from './payment-operations';
import type { OperationRequestInput } from './validation/operation';

const RUNS = { numRuns: 300 };

/** Two legs may share a solution (two gift cards). The last one is never authorized: priority entries naming it match nothing. */
const SOLUTIONS = [
  { partner: 'sandbox-giftcard', method: 'giftcard' },
  { partner: 'sandbox-card', method: 'creditcard' },
  { partner: 'sandbox-wallet', method: 'wallet' },
  { partner: 'sandbox-instalments', method: '3x' },
] as const;

const OPERATION_OUTCOMES: readonly OperationPartnerTransactionStatus[] = ['SUCCESS', 'FAILURE', 'PENDING', 'UNCERTAIN'];
/** Mostly SUCCESS, so that refunds have captured money to act on. */
const outcomeArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant<OperationPartnerTransactionStatus>('SUCCESS') },
  { weight: 3, arbitrary: fc.constantFrom(...OPERATION_OUTCOMES) },
);
/** Gift card and card most of the time, as in real split payments; the instalments solution is never authorized. */
const solutionArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }) },
);

// ------------------------------------------------------------------------------------------
// Generators

const authorizationArb = fc.record({
  solution: solutionArb,
  requested: fc.integer({ min: 1, max: 10_000 }),
  // Mostly AUTHORIZED, so that operations have something to act on.
  status: fc.oneof(
    { weight: 3, arbitrary: fc.constant<AuthorizationStatus>('AUTHORIZED') },
    { weight: 2, arbitrary: fc.constantFrom(...AUTHORIZATION_STATUSES) },
  ),
  // Half the time the whole amount; otherwise a partial authorization (a gift card balance).
  partialPermille: fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 999 })),
});

const amountArb = fc.oneof(
  // A share of what is available, up to a little more than it: most requests fit, some do not.
  { weight: 6, arbitrary: fc.record({ permille: fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 1300 })) }) },
  // Anything, including what is not an amount at all.
  {
    weight: 1,
    arbitrary: fc.record({
      raw: fc.oneof(
        fc.integer({ min: -3, max: 25_000 }),
        fc.constantFrom(0.5, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53),
      ),
    }),
  },
);

const formArb = fc.oneof(
  fc.constant({ form: 'AMOUNT_ONLY' as const }),
  fc.record({
    form: fc.constant('PRIORITY' as const),
    priority: fc.uniqueArray(
      fc.oneof({ weight: 6, arbitrary: solutionArb }, { weight: 1, arbitrary: fc.constant(3) }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  // Index into authorization legs then operation legs (mostly an authorization); out of range names an unknown id.
  fc.record({
    form: fc.constant('PARTNER_TRANSACTION' as const),
    target: fc.oneof({ weight: 6, arbitrary: fc.nat({ max: 3 }) }, { weight: 1, arbitrary: fc.nat({ max: 40 }) }),
  }),
);

const actionArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('operate' as const),
      // Voids drain the authorization fastest; fewer of them leaves money to capture and refund.
      kind: fc.oneof(
        { weight: 3, arbitrary: fc.constant<OperationKind>('capture') },
        { weight: 3, arbitrary: fc.constant<OperationKind>('refund') },
        { weight: 1, arbitrary: fc.constantFrom(...OPERATION_KINDS) },
      ),
      amount: amountArb,
      form: formArb,
      outcomes: fc.array(outcomeArb, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('settle' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom<OperationPartnerTransactionStatus>('SUCCESS', 'FAILURE'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('resolve-authorization' as const),
      pick: fc.nat(),
      authorized: fc.boolean(),
    }),
  },
);

const scenarioArb = fc.record({
  authorizations: fc.array(authorizationArb, { minLength: 1, maxLength: 4 }),
  actions: fc.array(actionArb, { maxLength: 30, size: 'max' }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;
type Action = Scenario['actions'][number];
type OperateAction = Extract<Action, { type: 'operate' }>;

function buildAuthorizations(specs: Scenario['authorizations']): AuthorizationLeg[] {
  return specs.map((s, i) => {
    const solution = SOLUTIONS[s.solution] ?? SOLUTIONS[0];
    const authorized =
      s.status === 'AUTHORIZED' ? Math.max(1, Math.floor((s.requested * s.partialPermille) / 1000)) : 0;
    return { id: `a${i}`, ...solution, requested_amount: s.requested, authorized_amount: authorized, status: s.status };
  });
}

// ------------------------------------------------------------------------------------------
// Replaying a scenario

const AVAILABLE: Record<OperationKind, keyof PaymentAmounts> = {
  capture: 'available_to_capture',
  void: 'available_to_void',
  refund: 'available_to_refund',
};

const isValidAmount = (amount: number) => Number.isSafeInteger(amount) && amount > 0;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

interface Replay {
  ledger: PaymentLedger;
  nextId: number;
}

function record(
  replay: Replay,
  kind: OperationKind,
  allocations: readonly Allocation[],
  outcomes: readonly OperationPartnerTransactionStatus[],
): void {
  const legs: OperationLeg[] = allocations.map((a, i) => ({
    id: `o${replay.nextId++}`,
    kind,
    authorization_id: a.authorization_id,
    amount: a.amount,
    status: outcomes[i % outcomes.length] ?? 'SUCCESS',
  }));
  replay.ledger = { ...replay.ledger, operations: [...replay.ledger.operations, ...legs] };
}

/** Sends one request through planOperation, checks the answer against an independent oracle, records the legs. */
function operate(replay: Replay, action: OperateAction): void {
  const { ledger } = replay;
  const balances = authorizationBalances(ledger);
  const amounts = computeAmounts(ledger);
  const byId = new Map(balances.map((b) => [b.id, b]));

  // The oracle, computed independently of planOperation: what the request may draw on, and
  // whether it names things that exist.
  let target: Omit<OperationRequestInput, 'amount'> = {};
  let targetsResolve = true;
  let available = amounts[AVAILABLE[action.kind]];
  let scope: AuthorizationBalance[] = balances.filter((b) => b.status === 'AUTHORIZED');
  let preferredIds: string[] = [];
  const allIds = [...ledger.authorizations.map((a) => a.id), ...ledger.operations.map((o) => o.id)];

  if (action.form.form === 'PARTNER_TRANSACTION') {
    const id = allIds[action.form.target] ?? `unknown-${action.form.target}`;
    const leg = byId.get(id);
    targetsResolve = leg !== undefined && leg.status === 'AUTHORIZED';
    scope = leg !== undefined && targetsResolve ? [leg] : [];
    available = leg !== undefined && targetsResolve ? availableOn(leg, action.kind) : 0;
    target = { partner_transaction_id: id };
  } else if (action.form.form === 'PRIORITY') {
    const priority = action.form.priority.map((i) => SOLUTIONS[i] ?? SOLUTIONS[0]);
    const matching = (s: { partner: string; method: string }) =>
      scope.filter((b) => b.partner === s.partner && b.method === s.method);
    targetsResolve = priority.every((s) => matching(s).length > 0);
    preferredIds = priority.flatMap((s) => matching(s).map((b) => b.id));
    target = { priority };
  }
  // permille 1000 asks for exactly what is available; above it, for more.
  const amount =
    'raw' in action.amount ? action.amount.raw : Math.max(1, Math.ceil((action.amount.permille * available) / 1000));

  const plan = planOperation(ledger, action.kind, { ...target, amount });
  const shouldAccept = isValidAmount(amount) && targetsResolve && amount <= available;
  expect(plan.ok).toBe(shouldAccept);

  if (!plan.ok) {
    expect(plan.errors.length).toBeGreaterThan(0);
    if (isValidAmount(amount) && targetsResolve && amount > available) {
      // The refusal states the available amount.
      expect(plan.errors).toContainEqual({
        pointer: '/amount',
        detail: expect.stringContaining(`must not exceed ${available},`),
      });
    }
    return;
  }

  const { allocations } = plan;
  // Never more than available, in total and per leg; whole positive amounts adding up to the request.
  expect(sum(allocations.map((a) => a.amount))).toBe(amount);
  expect(new Set(allocations.map((a) => a.authorization_id)).size).toBe(allocations.length);
  allocations.forEach((a, i) => {
    expect(Number.isSafeInteger(a.amount) && a.amount > 0).toBe(true);
    const leg = byId.get(a.authorization_id);
    expect(leg?.status).toBe('AUTHORIZED');
    expect(scope.some((b) => b.id === a.authorization_id)).toBe(true);
    const legAvailable = leg ? availableOn(leg, action.kind) : 0;
    expect(a.amount).toBeLessThanOrEqual(legAvailable);
    // Greedy: every leg but the last is drawn to the end.
    if (i < allocations.length - 1) expect(a.amount).toBe(legAvailable);
  });
  // Priority: a leg outside the list is only drawn on once the listed ones are exhausted.
  if (preferredIds.length > 0 && allocations.some((a) => !preferredIds.includes(a.authorization_id))) {
    for (const id of preferredIds) {
      const leg = byId.get(id);
      const drawn = allocations.find((a) => a.authorization_id === id)?.amount ?? 0;
      expect(leg ? availableOn(leg, action.kind) - drawn : 0).toBe(0);
    }
  }
  record(replay, action.kind, allocations, action.outcomes);
}

function settleOperation(replay: Replay, id: string, outcome: OperationPartnerTransactionStatus): void {
  replay.ledger = {
    ...replay.ledger,
    operations: replay.ledger.operations.map((o) =>
      o.id === id && isInFlight(o.status) ? { ...o, status: outcome } : o,
    ),
  };
}

function resolveAuthorization(replay: Replay, id: string, authorized: boolean): void {
  replay.ledger = {
    ...replay.ledger,
    authorizations: replay.ledger.authorizations.map((a): AuthorizationLeg => {
      if (a.id !== id || !isUnsettledAuthorization(a.status)) return a;
      return authorized
        ? { ...a, status: 'AUTHORIZED', authorized_amount: a.requested_amount }
        : { ...a, status: 'REFUSED', authorized_amount: 0 };
    }),
  };
}

/** The pick-th element, cycling; undefined when there is none. */
const nth = <T>(items: readonly T[], pick: number): T | undefined => items[pick % Math.max(1, items.length)];

function replay(scenario: Scenario, afterEachStep: (ledger: PaymentLedger) => void): Replay {
  const state: Replay = {
    ledger: { authorizations: buildAuthorizations(scenario.authorizations), operations: [] },
    nextId: 0,
  };
  afterEachStep(state.ledger);
  for (const action of scenario.actions) {
    if (action.type === 'operate') operate(state, action);
    else if (action.type === 'settle') {
      const leg = nth(
        state.ledger.operations.filter((o) => isInFlight(o.status)),
        action.pick,
      );
      if (leg) settleOperation(state, leg.id, action.outcome);
    } else {
      const leg = nth(
        state.ledger.authorizations.filter((a) => isUnsettledAuthorization(a.status)),
        action.pick,
      );
      if (leg) resolveAuthorization(state, leg.id, action.authorized);
    }
    afterEachStep(state.ledger);
  }
  return state;
}

// ------------------------------------------------------------------------------------------
// Invariants

/**
 * Every invariant, by name. Collected and asserted once (rather than one expect each) so the
 * suite stays fast and a failure lists all the broken invariants with the amounts.
 */
function violations(ledger: PaymentLedger): string[] {
  const broken: string[] = ledgerProblems(ledger).map((p) => `ledger ${p.pointer}: ${p.detail}`);
  const a = computeAmounts(ledger);
  const balances = authorizationBalances(ledger);
  const check = (holds: boolean, what: string) => {
    if (!holds) broken.push(what);
  };
  const isAmount = (n: number) => Number.isSafeInteger(n) && n >= 0;

  // No amount is ever negative or fractional.
  for (const [name, value] of Object.entries(a)) check(isAmount(value), `${name} = ${value} is a non-negative integer`);
  for (const b of balances) {
    for (const [name, value] of Object.entries(b)) {
      if (typeof value === 'number') check(isAmount(value), `${b.id}.${name} = ${value} is a non-negative integer`);
    }
  }

  // Order of magnitudes.
  check(a.total_captured <= a.total_authorized, 'total_captured ≤ total_authorized');
  check(a.total_refunded <= a.total_captured, 'total_refunded ≤ total_captured');
  check(a.total_voided + a.total_captured <= a.total_authorized, 'total_voided + total_captured ≤ total_authorized');
  check(a.available_to_void === a.available_to_capture, 'available_to_void = available_to_capture');
  check(
    a.available_to_capture <= a.total_authorized - a.total_captured - a.total_voided,
    'available_to_capture ≤ authorized − captured − voided',
  );
  check(a.available_to_refund <= a.total_captured - a.total_refunded, 'available_to_refund ≤ captured − refunded');

  // Totals are the sums of the partner transactions.
  const legSum = (kind: OperationKind, pick: (o: OperationLeg) => boolean) =>
    sum(ledger.operations.filter((o) => o.kind === kind && pick(o)).map((o) => o.amount));
  const done = (o: OperationLeg) => o.status === 'SUCCESS';
  const flying = (o: OperationLeg) => isInFlight(o.status);
  check(
    a.total_authorized ===
      sum(ledger.authorizations.filter((x) => x.status === 'AUTHORIZED').map((x) => x.authorized_amount)),
    'total_authorized = Σ authorized_amount of AUTHORIZED legs',
  );
  check(
    a.authorize_pending ===
      sum(ledger.authorizations.filter((x) => isUnsettledAuthorization(x.status)).map((x) => x.requested_amount)),
    'authorize_pending = Σ requested_amount of PENDING and UNCERTAIN legs',
  );
  check(a.total_captured === legSum('capture', done), 'total_captured = Σ SUCCESS captures');
  check(a.total_voided === legSum('void', done), 'total_voided = Σ SUCCESS voids');
  check(a.total_refunded === legSum('refund', done), 'total_refunded = Σ SUCCESS refunds');

  // Conservation: every unit authorized is captured, voided, in flight or still available.
  check(
    a.total_authorized ===
      a.total_captured + a.total_voided + legSum('capture', flying) + legSum('void', flying) + a.available_to_capture,
    'authorized = captured + voided + in-flight captures and voids + available_to_capture',
  );
  check(
    a.total_captured === a.total_refunded + legSum('refund', flying) + a.available_to_refund,
    'captured = refunded + in-flight refunds + available_to_refund',
  );

  // Per-leg amounts add up to the payment's.
  const legs = (pick: (b: AuthorizationBalance) => number) => sum(balances.map(pick));
  check(legs((b) => b.authorized) === a.total_authorized, 'Σ legs authorized = total_authorized');
  check(legs((b) => b.captured) === a.total_captured, 'Σ legs captured = total_captured');
  check(legs((b) => b.voided) === a.total_voided, 'Σ legs voided = total_voided');
  check(legs((b) => b.refunded) === a.total_refunded, 'Σ legs refunded = total_refunded');
  check(legs((b) => b.remaining_amount) === a.available_to_capture, 'Σ legs remaining_amount = available_to_capture');
  check(legs((b) => b.refundable_amount) === a.available_to_refund, 'Σ legs refundable_amount = available_to_refund');
  for (const b of balances) {
    check(
      b.authorized === b.captured + b.voided + b.capturing + b.voiding + b.remaining_amount,
      `${b.id}: authorized is fully accounted for`,
    );
    check(b.captured === b.refunded + b.refunding + b.refundable_amount, `${b.id}: captured is fully accounted for`);
  }

  // The overview agrees with the numbers: NOT iff nothing, TOTALLY iff all of it.
  const o = overview(ledger);
  const agrees = (name: string, tag: string, part: number, whole: number) => {
    const expected = part === 0 ? 'NOT' : part === whole ? 'TOTALLY' : 'PARTIALLY';
    check(tag === expected, `overview.${name} is ${expected} for ${part} of ${whole}, not ${tag}`);
  };
  agrees('captured', o.captured, a.total_captured, a.total_authorized);
  agrees('voided', o.voided, a.total_voided, a.total_authorized);
  agrees('consumed', o.consumed, a.total_captured + a.total_voided, a.total_authorized);
  agrees('refunded', o.refunded, a.total_refunded, a.total_captured);
  return broken;
}

function checkInvariants(ledger: PaymentLedger): void {
  const broken = violations(ledger);
  if (broken.length > 0)
    expect({ ledger, amounts: computeAmounts(ledger), broken }).toEqual({
      ledger,
      amounts: computeAmounts(ledger),
      broken: [],
    });
}

// ------------------------------------------------------------------------------------------

// Hundreds of generated scenarios: seconds of CPU, more on a busy machine than Vitest's default 5 s.
describe('payment money: properties', { timeout: 30_000 }, () => {
  it('keeps every invariant through any sequence of operations, outcomes and settlements', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        replay(scenario, checkInvariants);
      }),
      RUNS,
    );
  });

  it('is deterministic: replaying a scenario gives the same ledger and the same amounts', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const first = replay(scenario, () => {});
        const second = replay(scenario, () => {});
        expect(second.ledger).toEqual(first.ledger);
        expect(computeAmounts(second.ledger)).toEqual(computeAmounts(first.ledger));
      }),
      { numRuns: 100 },
    );
  });

  it('compensation, applied until it has nothing left, gives everything back', () => {
    const outcomesArb = fc.array(fc.constantFrom(...OPERATION_OUTCOMES), { maxLength: 8 });
    fc.assert(
      fc.property(scenarioArb, outcomesArb, (scenario, outcomes) => {
        // Outcomes of the compensating legs and of the settlements, in turn; then all SUCCESS.
        const queue = [...outcomes];
        const next = () => queue.shift() ?? 'SUCCESS';
        const state = replay(scenario, () => {});
        // A last leg is refused: the split payment failed.
        const refused: AuthorizationLeg = {
          id: 'refused',
          ...SOLUTIONS[1],
          requested_amount: 500,
          authorized_amount: 0,
          status: 'REFUSED',
        };
        state.ledger = { ...state.ledger, authorizations: [...state.ledger.authorizations, refused] };
        expect(authorizationFailed(state.ledger)).toBe(true);
        expect(automaticCapturePlan(state.ledger)).toEqual([]);

        let rounds = 0;
        for (
          let plan = compensationPlan(state.ledger);
          plan.voids.length + plan.refunds.length + plan.unsettled.length > 0;
          plan = compensationPlan(state.ledger)
        ) {
          expect(++rounds).toBeLessThan(20);
          // Every compensating leg is a valid request on its own.
          for (const [kind, allocations] of [
            ['void', plan.voids],
            ['refund', plan.refunds],
          ] as const) {
            for (const a of allocations) {
              expect(
                planOperation(state.ledger, kind, { amount: a.amount, partner_transaction_id: a.authorization_id }),
              ).toEqual({
                ok: true,
                allocations: [a],
              });
            }
          }
          // ...and they can all be sent at once.
          record(state, 'void', plan.voids, plan.voids.map(next));
          record(state, 'refund', plan.refunds, plan.refunds.map(next));
          checkInvariants(state.ledger);
          // Whatever was unsettled settles, one way or the other.
          for (const id of plan.unsettled) {
            const outcome = next();
            const settled = outcome === 'SUCCESS' || outcome === 'PENDING';
            resolveAuthorization(state, id, settled);
            settleOperation(state, id, settled ? 'SUCCESS' : 'FAILURE');
          }
          checkInvariants(state.ledger);
        }
        const a = computeAmounts(state.ledger);
        expect(a.available_to_capture).toBe(0);
        expect(a.available_to_refund).toBe(0);
        expect(a.authorize_pending).toBe(0);
        expect(a.total_captured).toBe(a.total_refunded);
        expect(a.total_voided + a.total_captured).toBe(a.total_authorized);
        expect(state.ledger.operations.some((o) => isInFlight(o.status))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('automatic capture of a settled authorization captures it all, once', () => {
    fc.assert(
      fc.property(fc.array(authorizationArb, { minLength: 1, maxLength: 4 }), (specs) => {
        const legs = buildAuthorizations(specs);
        const ledger: PaymentLedger = { authorizations: legs, operations: [] };
        const plan = automaticCapturePlan(ledger);
        const settledAndOk = legs.every((x) => x.status === 'AUTHORIZED');
        if (!settledAndOk) {
          expect(plan).toEqual([]);
          return;
        }
        expect(sum(plan.map((p) => p.amount))).toBe(computeAmounts(ledger).total_authorized);
        expect(planOperation(ledger, 'capture', { amount: sum(plan.map((p) => p.amount)) })).toEqual({
          ok: true,
          allocations: plan,
        });
        const state: Replay = { ledger, nextId: 0 };
        record(state, 'capture', plan, ['SUCCESS']);
        checkInvariants(state.ledger);
        expect(overview(state.ledger)).toEqual({
          consumed: 'TOTALLY',
          captured: 'TOTALLY',
          voided: 'NOT',
          refunded: 'NOT',
        });
        expect(automaticCapturePlan(state.ledger)).toEqual([]);
      }),
      RUNS,
    );
  });
});
