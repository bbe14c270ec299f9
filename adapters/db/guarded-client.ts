import { Client, type ClientConfig } from 'pg';

/**
 * A pg Client that always has an 'error' listener. pg-pool listens only while a client is idle: a client
 * checked out (a transaction between statements, a query that just failed) whose backend is terminated
 * emitted 'error' to nobody, and Node ended the process (issue 27 item 1). The error is not lost: the
 * query in flight rejects with it, the client is no longer queryable, and the pool drops it on release.
 */
export class GuardedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', ignoreHandledElsewhere);
  }
}

function ignoreHandledElsewhere(): void {}
