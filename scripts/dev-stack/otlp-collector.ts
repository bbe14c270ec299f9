import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as an OTLP/HTTP JSON export carries it, flattened, with the service that sent it. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  /** Absent for a root span. */
  parentSpanId?: string;
  name: string;
  service: string;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Record<string, unknown>;
}

/** A stand-in for an OpenTelemetry collector: POST /v1/traces with JSON bodies (exporter-trace-otlp-http). */
export interface OtlpCollector {
  /** The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  url: string;
  spans: CollectedSpan[];
  /** Export requests received, whatever their content. */
  requests: number;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

/** Listens on a free port of 127.0.0.1 and keeps every span exported to it. */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const collector: Omit<OtlpCollector, 'url' | 'close'> = { spans: [], requests: 0 };
  const server = createServer(async (req, res) => {
    collector.requests += 1;
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    if (!req.headers['content-type']?.startsWith('application/json')) {
      res.writeHead(415).end();
      return;
    }
    try {
      collector.spans.push(...spansOf(JSON.parse((await bodyOf(req)).toString('utf8')) as OtlpExport));
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(collector, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

function spansOf(request: OtlpExport): CollectedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '?');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        service,
        startNanos: BigInt(span.startTimeUnixNano),
        endNanos: BigInt(span.endTimeUnixNano),
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

function attributesOf(attributes: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));
}

/** OTLP JSON writes 64-bit integers as strings. */
const valueOf = (value: OtlpValue): unknown =>
  value.intValue !== undefined
    ? Number(value.intValue)
    : (value.stringValue ?? value.doubleValue ?? value.boolValue);

/** The spans of one trace as an indented tree, children in start order: name, service, duration, status. */
export function formatTrace(spans: CollectedSpan[]): string {
  const ids = new Set(spans.map((span) => span.spanId));
  // A span whose parent is not in the trace (a caller's, not exported to us) is shown as a root.
  const parentIn = (span: CollectedSpan) =>
    span.parentSpanId !== undefined && ids.has(span.parentSpanId) ? span.parentSpanId : undefined;
  const byStart = (a: CollectedSpan, b: CollectedSpan) =>
    a.startNanos < b.startNanos ? -1 : a.startNanos > b.startNanos ? 1 : 0;
  const childrenOf = (parent: string | undefined) =>
    spans.filter((span) => parentIn(span) === parent).sort(byStart);
  const lines: string[] = [];
  const walk = (span: CollectedSpan, depth: number) => {
    const ms = Number(span.endNanos - span.startNanos) / 1e6;
    lines.push(`${'  '.repeat(depth)}${span.name}  [${span.service}] ${ms.toFixed(1)} ms${detailOf(span)}`);
    for (const child of childrenOf(span.spanId)) walk(child, depth + 1);
  };
  for (const root of childrenOf(undefined)) walk(root, 0);
  return lines.join('\n');
}

/** A request's span ends with its answer's status code. */
function detailOf(span: CollectedSpan): string {
  const status = span.attributes['http.response.status_code'];
  return status === undefined ? '' : `  ${status}`;
}
