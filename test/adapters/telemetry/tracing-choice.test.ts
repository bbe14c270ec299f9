import { chooseTracing, tracesEndpoint } from '../../../adapters/telemetry/tracing';

describe('chooseTracing: off unless the OTEL_* variables ask for it', () => {
  test.each([
    ['nothing set', {}, false],
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    ['a traces endpoint', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    ['a blank endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    ['the otlp exporter, default endpoint', { OTEL_TRACES_EXPORTER: 'otlp' }, true],
    ['otlp among others', { OTEL_TRACES_EXPORTER: 'console, OTLP' }, true],
    [
      'the none exporter despite an endpoint',
      { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
      false,
    ],
    [
      'OTEL_SDK_DISABLED=true',
      { OTEL_SDK_DISABLED: 'TRUE', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
      false,
    ],
    [
      'OTEL_SDK_DISABLED=false',
      { OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
      true,
    ],
  ])('%s', (_, env, enabled) => {
    expect(chooseTracing(env).enabled).toBe(enabled);
  });

  test('what cannot be honoured is said, not silently dropped', () => {
    expect(chooseTracing({ OTEL_TRACES_EXPORTER: 'zipkin' })).toEqual({
      enabled: false,
      warnings: [expect.stringMatching(/zipkin not supported/)],
    });
    expect(
      chooseTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })
        .warnings,
    ).toEqual([expect.stringMatching(/grpc not supported/)]);
    expect(
      chooseTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }),
    ).toEqual({
      enabled: true,
      warnings: [],
    });
  });

  test('the endpoint is the traces endpoint as given, or the base endpoint with /v1/traces', () => {
    expect(tracesEndpoint({})).toBe('http://localhost:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesEndpoint({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/otlp/v1/traces',
      }),
    ).toBe('http://tempo:4318/otlp/v1/traces');
  });
});
