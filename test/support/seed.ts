// Seeding lives with the other shared fixtures, so the benches need not import test/.
export { seedUsers, type TestUser, type TestUsers } from '../../scripts/dev-stack/seed';
