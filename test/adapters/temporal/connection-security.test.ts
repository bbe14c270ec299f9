import { loadConfig } from '../../../core/config';
import { connectionSecurity } from '../../../adapters/temporal/connection-security';
import { createRunEngine } from '../../../adapters/temporal/run-engine';
import { testTemporalAddress } from '../../support/temporal';

describe('connectionSecurity', () => {
  test('is plaintext unless TEMPORAL_TLS or TEMPORAL_API_KEY says otherwise', () => {
    expect(connectionSecurity(loadConfig({}))).toEqual({});
    expect(connectionSecurity(loadConfig({ TEMPORAL_TLS: 'true' }))).toEqual({ tls: true });
  });

  test('an API key (Temporal Cloud) is always sent over TLS', () => {
    expect(connectionSecurity(loadConfig({ TEMPORAL_API_KEY: 'tmprl-key', TEMPORAL_TLS: 'false' }))).toEqual({
      tls: true,
      apiKey: 'tmprl-key',
    });
  });

  test('reaches the connection: TLS to the plaintext test server does not answer, plaintext does', async () => {
    const engine = (security: ReturnType<typeof connectionSecurity>) =>
      createRunEngine({
        address: testTemporalAddress(),
        namespace: 'default',
        taskQueue: 'tls-test',
        security,
      });
    const plain = engine({});
    const tls = engine({ tls: true });
    try {
      await expect(plain.answers(5_000)).resolves.toBeUndefined();
      await expect(tls.answers(2_000)).rejects.toThrow();
    } finally {
      await plain.close();
      await tls.close();
    }
  });
});
