import type { Logger } from 'pino';
import { createLogger } from '../../adapters/logger';

/** A logger made as the processes make theirs (adapters/logger.ts), writing its parsed lines to `lines`. */
export function capturingLogger(name = 'atelier-test'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ LOG_LEVEL: 'trace' }, name, {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}
