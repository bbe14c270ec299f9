import { Runtime, type LogLevel, type LogMetadata } from '@temporalio/worker';
import type { Logger } from 'pino';

let installed = false;

/** Sends the Temporal SDK's own logs (worker state, core) through pino; once per process. */
export function installRuntimeLogging(logger: Logger): void {
  if (installed) return;
  installed = true;
  const forward = (level: LogLevel, message: string, meta?: LogMetadata) => {
    const target =
      level === 'ERROR' ? 'error' : level === 'WARN' ? 'warn' : level === 'INFO' ? 'debug' : 'trace';
    logger[target]({ temporal: meta }, message);
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
  });
}
