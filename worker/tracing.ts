import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  type OpenTelemetrySinks,
} from '@temporalio/interceptors-opentelemetry';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { Tracing } from '../adapters/telemetry/tracing';

/** What the workers need of the process's tracing: workflow spans are ended on its processor. */
export type WorkerTracing = Pick<Tracing, 'spanProcessor' | 'resource'>;

/**
 * The workflow interceptors of `@temporalio/interceptors-opentelemetry`, bundled into the workflow code
 * only when tracing is on: they make spans inside the sandbox (RunWorkflow, StartActivity, ...) and put
 * the trace into activity headers. They add no command to a history, so a run started with tracing off
 * replays with it on and the reverse (test/adapters/telemetry/tracing.test.ts replays the recorded histories).
 */
export const WORKFLOW_TRACING_INTERCEPTORS =
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

/** A RunActivity span per activity, child of the workflow's StartActivity span (from the activity headers). */
export const activitySpans: ActivityInterceptorsFactory = (ctx) => ({
  inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
  outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
});

/** The sink through which the workflow interceptors hand their finished spans out of the sandbox. */
export function workflowSpanSinks(tracing: WorkerTracing): InjectedSinks<OpenTelemetrySinks> {
  return { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) };
}
