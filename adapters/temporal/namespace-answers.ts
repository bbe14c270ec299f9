/** What both SDK connections (the client's and the worker's native one) offer for a bounded call. */
export interface TemporalConnection {
  workflowService: { describeNamespace(request: { namespace: string }): Promise<unknown> };
  withDeadline<T>(deadline: number | Date, fn: () => Promise<T>): Promise<T>;
}

/**
 * Resolves when the frontend answers for `namespace` within `timeoutMs` (readiness, api/health.ts): a
 * server that is up but does not know the namespace cannot run anything either.
 */
export async function namespaceAnswers(
  connection: TemporalConnection,
  namespace: string,
  timeoutMs: number,
): Promise<void> {
  await connection.withDeadline(Date.now() + timeoutMs, () =>
    connection.workflowService.describeNamespace({ namespace }),
  );
}
