import { AsyncLocalStorage } from 'node:async_hooks';
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../core/config';

/** What a line is about, set once by the edge that knows it: a request, a run, an activity. */
export interface LogContext {
  requestId?: string;
  /** Atelier's run id (the workflow id), not Temporal's execution run id. */
  runId?: string;
  workflowId?: string;
  activityType?: string;
}

const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `fields` added to the log context of everything it does, awaited or not. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...fields }, fn);
}

/**
 * Adds fields to the current log context, for the rest of it (a request that creates a run learns its id
 * halfway). Outside any context it does nothing.
 */
export function annotateLogContext(fields: LogContext): void {
  const current = logContext.getStore();
  if (current) Object.assign(current, fields);
}

/**
 * Structured JSON logs. Every line carries the log context (request id, run id) and, inside a sampled
 * span, its trace and span ids; fields given at the call win.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  name: string,
  destination?: DestinationStream,
): Logger {
  return pino({ name, level: config.LOG_LEVEL, mixin: contextFields }, destination);
}

function contextFields(): Record<string, unknown> {
  const span = trace.getSpanContext(context.active());
  const traced = span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
  return { ...logContext.getStore(), ...traced };
}
