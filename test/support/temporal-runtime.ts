// Failed activity attempts are expected in tests (a webhook receiver answering 500, a scripted
// partner that does not answer); the worker's warnings about them would drown the test output.
// Errors are still printed, and a test may listen for them (the deadlock test does).
import { DefaultLogger, Runtime, type LogLevel, type LogMetadata, type Logger } from '@temporalio/worker';

type ErrorListener = (message: string, meta: LogMetadata | undefined) => void;
const errorListeners = new Set<ErrorListener>();

class QuietLogger implements Logger {
  private readonly printed = new DefaultLogger('ERROR');

  log(level: LogLevel, message: string, meta?: LogMetadata): void {
    if (level === 'ERROR') for (const listener of errorListeners) listener(message, meta);
    this.printed.log(level, message, meta);
  }
  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }
  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }
  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }
  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }
  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}

let runtimeInstalled = false;

export function quietTemporalRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  // Core's own lines (a task completed after its workflow was terminated) go through the same logger.
  Runtime.install({ logger: new QuietLogger(), telemetryOptions: { logging: { forward: {} } } });
}

/**
 * Calls `listener` with every error the runtime's logger gets, from workers and Core, until the
 * returned function is called.
 */
export function onTemporalErrorLog(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}
