/** Set by the Jest global setup, which starts one Temporal dev server for the whole run. */
export const TEST_TEMPORAL_ADDRESS_ENV = 'ATELIER_TEST_TEMPORAL_ADDRESS';
export const TEST_TEMPORAL_NAMESPACE = 'default';

/** host:port of the run's Temporal dev server (search attributes workspaceId and appId registered). */
export function testTemporalAddress(): string {
  const address = process.env[TEST_TEMPORAL_ADDRESS_ENV];
  if (address === undefined || address === '') {
    throw new Error(
      `${TEST_TEMPORAL_ADDRESS_ENV} is not set: run the tests through jest (its globalSetup starts Temporal).`,
    );
  }
  return address;
}

/** Path of the workflow bundle the global setup wrote. */
export const TEST_WORKFLOW_BUNDLE_ENV = 'ATELIER_TEST_WORKFLOW_BUNDLE';

export function testWorkflowBundlePath(): string {
  const path = process.env[TEST_WORKFLOW_BUNDLE_ENV];
  if (!path) throw new Error(`${TEST_WORKFLOW_BUNDLE_ENV} is not set: run the tests through jest.`);
  return path;
}
