// A worker for the phase tests: the phase bundle (./phase-bundle.ts) on a task queue of the test
// file's own, on the Temporal dev server the integration suite starts (test/support/global-setup.ts),
// with scripted activities in place of partners, webhooks, read model and wallet. Each test gets a
// fresh script; what a test started is terminated after it, so that no workflow calls into the next
// test's script.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type Client, type WorkflowHandle, WorkflowNotFoundError, type WorkflowStartOptions } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Activities } from '../../../activities';
import { connectClient } from '../../../temporal/client';
import { dataConverterFor } from '../../../temporal/data-converter';
import { quietTemporalRuntime } from '../../support/temporal-runtime';
import { phaseWorkflowBundle } from './phase-bundle';
import { RecordedActivities } from './recorded-activities';
import { ScriptedPartner } from './scripted-partner';

/** Every workflow of the phase bundle takes one input. */
type PhaseTestWorkflow = Workflow & ((input: never) => Promise<unknown>);

export interface PhaseWorker {
  client: Client;
  taskQueue: string;
  /** This test's partner: script it before starting a workflow. */
  readonly partner: ScriptedPartner;
  /** This test's webhooks, read model writes and wallet saves. */
  readonly recorded: RecordedActivities;
  /** Starts a workflow on this worker's queue; it is terminated after the test if still running. */
  start<W extends PhaseTestWorkflow>(
    workflow: W,
    input: Parameters<W>[0],
    workflowId?: string,
  ): Promise<WorkflowHandle<W>>;
  /** A workflow a started one started (a session's payment): terminated after the test too. */
  track(workflowId: string): void;
  /**
   * Replays the workflow's history so far on a fresh replayer of the same bundle: rejects as a
   * worker restarting on it would fail (a nondeterministic task).
   */
  replay(handle: WorkflowHandle): Promise<void>;
  /** Terminates what the last test left running and gives the next one a fresh script. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** What a test file uses of its phase worker; the hooks around its tests do the rest. */
export type PhaseTestWorker = Pick<
  PhaseWorker,
  'client' | 'taskQueue' | 'partner' | 'recorded' | 'start' | 'track' | 'replay'
>;

/**
 * The phase worker of one test file: started before its tests, reset after each, closed after all.
 * Its members are read inside tests, once it has started.
 */
export function phaseWorkerForThisFile(): PhaseTestWorker {
  let worker: PhaseWorker | undefined;
  beforeAll(async () => {
    worker = await startPhaseWorker();
  }, 120_000);
  afterEach(async () => worker?.reset());
  afterAll(async () => worker?.close());
  const started = (): PhaseWorker => {
    if (!worker) throw new Error('the phase worker is read before beforeAll started it');
    return worker;
  };
  return {
    get client() {
      return started().client;
    },
    get taskQueue() {
      return started().taskQueue;
    },
    get partner() {
      return started().partner;
    },
    get recorded() {
      return started().recorded;
    },
    start: (workflow, input, workflowId) => started().start(workflow, input, workflowId),
    track: (workflowId) => started().track(workflowId),
    replay: (handle) => started().replay(handle),
  };
}

async function startPhaseWorker(): Promise<PhaseWorker> {
  quietTemporalRuntime();
  const address = inject('temporalAddress');
  const taskQueue = `phases-${randomUUID()}`;
  // Payloads encrypted as Tessera's are (temporal/data-converter.ts), under a key of this worker's.
  const payloadKeys = { encryptionKey: randomBytes(32), payloadDecryptionKeys: [] };
  const [code, connection, client] = await Promise.all([
    phaseWorkflowBundle(),
    NativeConnection.connect({ address }),
    connectClient({ temporalAddress: address, temporalNamespace: 'default', ...payloadKeys }),
  ]);
  let partner = new ScriptedPartner();
  let recorded = new RecordedActivities();
  let started: string[] = [];
  // The worker keeps these functions; each call goes to the current test's script. A call from a
  // workflow of an earlier test (an activity that had started before the test terminated it) would
  // land in the next test's script: it is answered as from a partner and a merchant who are gone.
  const ofThisTest =
    <Input, Output>(call: (input: Input) => Promise<Output>) =>
    async (input: Input): Promise<Output> => {
      const workflowId = Context.current().info.workflowExecution?.workflowId;
      if (workflowId === undefined || !started.includes(workflowId))
        throw ApplicationFailure.nonRetryable('the phase test this workflow belongs to is over', 'TestOver');
      return call(input);
    };
  const activities: Pick<
    Activities,
    | 'authorizeLeg'
    | 'authorizationStatus'
    | 'operateLeg'
    | 'deliverWebhook'
    | 'savePaymentProjection'
    | 'saveClientSessionProjection'
    | 'saveToWallet'
  > = {
    authorizeLeg: ofThisTest((input) => partner.authorizeLeg(input)),
    authorizationStatus: ofThisTest((input) => partner.authorizationStatus(input)),
    operateLeg: ofThisTest((input) => partner.operateLeg(input)),
    deliverWebhook: ofThisTest((input) => recorded.deliverWebhook(input)),
    savePaymentProjection: ofThisTest((input) => recorded.savePaymentProjection(input)),
    saveClientSessionProjection: ofThisTest((input) => recorded.saveClientSessionProjection(input)),
    saveToWallet: ofThisTest((input) => recorded.saveToWallet(input)),
  };
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: { code },
    activities,
    dataConverter: dataConverterFor(payloadKeys),
  });
  const running = worker.run();

  const terminateStarted = async () => {
    const ids = started;
    started = [];
    await Promise.all(
      ids.map((id) =>
        client.workflow
          .getHandle(id)
          .terminate('phase test over')
          .catch((error: unknown) => {
            // Completed already (the usual case), or never started.
            if (!(error instanceof WorkflowNotFoundError)) throw error;
          }),
      ),
    );
  };

  return {
    client,
    taskQueue,
    get partner() {
      return partner;
    },
    get recorded() {
      return recorded;
    },
    async start(workflow, input, workflowId = `phase-test/${randomUUID()}`) {
      started.push(workflowId);
      const options = { taskQueue, workflowId, args: [input] };
      // The SDK's options type is conditional on the workflow's arguments, which a generic W leaves open.
      return client.workflow.start(workflow, options as unknown as WorkflowStartOptions<typeof workflow>);
    },
    track(workflowId) {
      started.push(workflowId);
    },
    async replay(handle) {
      const history = await handle.fetchHistory();
      await Worker.runReplayHistory(
        { workflowBundle: { code }, dataConverter: dataConverterFor(payloadKeys), replayName: 'phase-replay' },
        history,
        handle.workflowId,
      );
    },
    async reset() {
      await terminateStarted();
      partner = new ScriptedPartner();
      recorded = new RecordedActivities();
    },
    async close() {
      await terminateStarted();
      worker.shutdown();
      await running;
      await connection.close();
      await client.connection.close();
    },
  };
}
