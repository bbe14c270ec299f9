import { TEMPORAL_HANDLE, type WithServer } from './global-setup';
import { TEST_TEMPORAL_ADDRESS_ENV } from './temporal';

export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as WithServer;
  const server = holder[TEMPORAL_HANDLE];
  if (server === undefined) return;
  delete holder[TEMPORAL_HANDLE];
  delete process.env[TEST_TEMPORAL_ADDRESS_ENV];
  await server.stop();
}
