// The throwaway database lives with the other shared fixtures, so the benches need not import test/.
export {
  createTestDatabase,
  TEST_POSTGRES_ADMIN_URL,
  type TestDatabase,
} from '../../scripts/dev-stack/database';
