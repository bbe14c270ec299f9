import {
  context,
  diag,
  DiagLogLevel,
  propagation,
  trace,
  type DiagLogger,
  type Tracer,
} from '@opentelemetry/api';
import { loggingErrorHandler, setGlobalErrorHandler } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { envDetectorSync, Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from 'pino';

export type Env = Readonly<Record<string, string | undefined>>;

/** What the OTEL_* variables ask for, and what they ask for that cannot be done (for the log). */
export interface TracingChoice {
  enabled: boolean;
  warnings: string[];
}

/** The installed tracer provider of this process: one per process, API and workers share it. */
export interface Tracing {
  /** Atelier's own spans (the API's SERVER spans); Temporal's interceptors take the global provider. */
  tracer: Tracer;
  /** Where workflow spans, made inside the sandbox and handed out through a sink, are ended. */
  spanProcessor: SpanProcessor;
  resource: Resource;
  /** Exports every ended span now. */
  flush(): Promise<void>;
  /** Exports what is left and uninstalls the provider; the last step of stopping. Never rejects. */
  shutdown(): Promise<void>;
}

const SUPPORTED_PROTOCOLS = ['http/json', 'http/protobuf'];

/**
 * Tracing is off unless asked for: OTEL_TRACES_EXPORTER names `otlp`, or, with it unset, an OTLP
 * endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). OTEL_SDK_DISABLED=true
 * turns everything off, as the OpenTelemetry specification says; `none` exports nothing.
 */
export function chooseTracing(env: Env): TracingChoice {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { enabled: false, warnings: [] };
  const warnings: string[] = [];
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unsupported = exporters.filter((name) => name !== 'otlp' && name !== 'none');
  if (unsupported.length > 0)
    warnings.push(`OTEL_TRACES_EXPORTER: ${unsupported.join(', ')} not supported; only otlp exports traces`);
  const enabled =
    exporters.length > 0
      ? exporters.includes('otlp')
      : isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) || isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (enabled && protocol && !SUPPORTED_PROTOCOLS.includes(protocol))
    warnings.push(`OTLP protocol ${protocol} not supported; spans are sent as OTLP/HTTP JSON`);
  return { enabled, warnings };
}

/** Where the exporter sends spans, by the same rules it reads them (for the log line that says so). */
export function tracesEndpoint(env: Env): string {
  if (isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT!.trim();
  if (isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT))
    return `${env.OTEL_EXPORTER_OTLP_ENDPOINT!.trim().replace(/\/$/, '')}/v1/traces`;
  return 'http://localhost:4318/v1/traces';
}

/**
 * Installs the process's tracer provider when the OTEL_* variables of `process.env` ask for it (see
 * chooseTracing), else installs nothing and answers null. Spans are batched and sent as OTLP/HTTP JSON;
 * the exporter reads its endpoint, headers and timeout from the environment itself, the provider its
 * sampler (OTEL_TRACES_SAMPLER) and propagators (OTEL_PROPAGATORS, W3C trace context by default).
 * `serviceName` is used unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES name one.
 */
export function startTracing(serviceName: string, logger: Logger): Tracing | null {
  const choice = chooseTracing(process.env);
  for (const warning of choice.warnings) logger.warn(warning);
  if (!choice.enabled) return null;
  // The SDK's complaints and failed exports (a collector that is down) reach the log instead of vanishing.
  diag.setLogger(diagLogger(logger), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  setGlobalErrorHandler((err) => logger.warn({ err }, 'tracing: spans not exported'));
  const resource = serviceResource(serviceName);
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  logger.info(
    { service: resource.attributes[ATTR_SERVICE_NAME], endpoint: tracesEndpoint(process.env) },
    'tracing: exporting spans over OTLP/HTTP',
  );
  return {
    tracer: provider.getTracer('atelier'),
    spanProcessor,
    resource,
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider
        .shutdown()
        .catch((err: unknown) => logger.warn({ err }, 'tracing: last spans not exported'));
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
      setGlobalErrorHandler(loggingErrorHandler());
    },
  };
}

const isSet = (value: string | undefined) => (value?.trim() ?? '') !== '';

/** The SDK's defaults, then `serviceName`, then what OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES say. */
function serviceResource(serviceName: string): Resource {
  const merged = Resource.default()
    .merge(new Resource({ [ATTR_SERVICE_NAME]: serviceName }))
    .merge(envDetectorSync.detect());
  // The workflow span sink takes a Resource; merge answers the interface.
  return new Resource(merged.attributes);
}

function diagLogger(logger: Logger): DiagLogger {
  const at =
    (level: 'error' | 'warn' | 'info' | 'debug' | 'trace') =>
    (message: string, ...args: unknown[]) =>
      logger[level](
        { details: args.map((arg) => (arg instanceof Error ? arg.message : arg)) },
        `opentelemetry: ${message}`,
      );
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), verbose: at('trace') };
}
