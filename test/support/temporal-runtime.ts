// Failed activity attempts are expected in tests (a webhook receiver answering 500, a scripted
// partner that does not answer); the worker's warnings about them would drown the test output.
import { DefaultLogger, Runtime } from '@temporalio/worker';

let runtimeInstalled = false;

export function quietTemporalRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  // Core's own lines (a task completed after its workflow was terminated) go through the same logger.
  Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { forward: {} } } });
}
