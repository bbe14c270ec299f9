import type { ApiDeps } from '../../api/deps';
import { createTestStack, type TestStack } from './stack';

export type { TestUser } from './seed';

/** The API alone over a fresh database (no workers): for tests of HTTP behaviour that start no runs. */
export type TestApi = TestStack & { database: TestStack['services']['database'] };

export async function createTestApi(
  options: { config?: Record<string, string>; deps?: Partial<ApiDeps> } = {},
): Promise<TestApi> {
  const stack = await createTestStack({ ...options, workers: false });
  return Object.assign(stack, { database: stack.services.database });
}
