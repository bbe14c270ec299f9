import { Runtime, type LogLevel, type LogMetadata, type MetricsExporterConfig } from '@temporalio/worker';
import type { Logger } from 'pino';
import { runIdOfWorkflow } from '../workflows/definitions';

let installed = false;

/**
 * Sends the Temporal SDK's own logs (worker state, core) through pino, and exports Core's metrics as
 * `metrics` says (worker/runtime-metrics.ts); once per process. A failed install may be tried again.
 */
export function installRuntimeLogging(logger: Logger, metrics?: MetricsExporterConfig): void {
  if (installed) return;
  const forward = (level: LogLevel, message: string, meta?: LogMetadata) => {
    const target =
      level === 'ERROR' ? 'error' : level === 'WARN' ? 'warn' : level === 'INFO' ? 'debug' : 'trace';
    // Workflow and activity lines name their workflow: the run id is on them as on every other line.
    const workflowId = meta?.workflowId;
    const run = typeof workflowId === 'string' ? { runId: runIdOfWorkflow(workflowId) } : {};
    logger[target]({ temporal: meta, ...run }, message);
  };
  Runtime.install({
    logger: {
      log: forward,
      trace: (m, meta) => forward('TRACE', m, meta),
      debug: (m, meta) => forward('DEBUG', m, meta),
      info: (m, meta) => forward('INFO', m, meta),
      warn: (m, meta) => forward('WARN', m, meta),
      error: (m, meta) => forward('ERROR', m, meta),
    },
    ...(metrics ? { telemetryOptions: { metrics } } : {}),
  });
  installed = true;
}
