import pino, { type Logger } from 'pino';
import type { Config } from '../core/config';

/** Structured JSON logs; request and run ids are added by the code that knows them. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, name: string): Logger {
  return pino({ name, level: config.LOG_LEVEL });
}
