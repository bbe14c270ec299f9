import { ProviderBadOutput, ProviderRejected, ProviderUnavailable } from '../../adapters/models/http-json';
import { ProviderNotConfigured } from '../../adapters/models/providers';
import { FailureType } from '../../core/run/failure-types';
import { asActivityFailure } from '../../nodes/failures';

describe('asActivityFailure (who caused a provider failure, and when to try again)', () => {
  test("a provider that said Retry-After is tried again after that long, not on the policy's schedule", () => {
    expect(asActivityFailure(new ProviderUnavailable('provider answered HTTP 429', 30_000))).toMatchObject({
      name: 'ApplicationFailure',
      type: FailureType.ProviderUnavailable,
      nonRetryable: false,
      nextRetryDelay: 30_000,
    });
    expect(asActivityFailure(new ProviderUnavailable('HTTP 503', 24 * 3_600_000))).toMatchObject({
      nextRetryDelay: 600_000,
    });
  });

  test('an outage without Retry-After is left to the retry policy as it is', () => {
    const outage = new ProviderUnavailable('provider unreachable');

    expect(asActivityFailure(outage)).toBe(outage);
  });

  test('a refusal, a bad output and a missing provider are not retried', () => {
    expect(asActivityFailure(new ProviderRejected('HTTP 422'))).toMatchObject({
      type: FailureType.ProviderRejected,
      nonRetryable: true,
    });
    expect(asActivityFailure(new ProviderBadOutput('an HTML page'))).toMatchObject({
      type: FailureType.ProviderBadOutput,
      nonRetryable: true,
    });
    expect(asActivityFailure(new ProviderNotConfigured('ComfyUI needs COMFYUI_BASE_URL'))).toMatchObject({
      type: FailureType.InvalidNodeInput,
      nonRetryable: true,
      message: 'ComfyUI needs COMFYUI_BASE_URL',
    });
  });
});
