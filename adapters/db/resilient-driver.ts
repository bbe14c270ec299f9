import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Pool } from 'pg';
import { AtelierError } from '../../core/errors';
import { isConnectionLost, retryOnConnectionLoss } from './connection-loss';

/**
 * PostgreSQL that survives a lost connection (issue 27 item 1):
 * 1. a new connection is made with backoff (RECONNECT_DELAYS_MS) while the server refuses or drops it;
 * 2. a read outside a transaction whose connection is lost runs again on a new one;
 * 3. anything else that loses its connection (a write, any statement of a transaction: it may or may not
 *    have happened) is a 503 RESOURCE_UNAVAILABLE, retryable, never a raw driver message.
 * The broken client goes back to the pool, which drops it (it is no longer queryable).
 */
export class ResilientPostgresDialect extends PostgresDialect {
  constructor(pool: Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new ResilientDriver(super.createDriver());
  }
}

class ResilientDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.acquireInner();
    return new ResilientConnection(
      connection,
      () => this.acquireInner(),
      (c) => this.inner.releaseConnection(c),
    );
  }

  private acquireInner(): Promise<DatabaseConnection> {
    return retryOnConnectionLoss(() => this.inner.acquireConnection()).catch(unavailable);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const resilient = connection as ResilientConnection;
    await this.inner.beginTransaction(resilient.current, settings).catch(unavailable);
    resilient.inTransaction = true;
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, (c) => this.inner.commitTransaction(c));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, (c) => this.inner.rollbackTransaction(c));
  }

  private async endTransaction(
    connection: DatabaseConnection,
    end: (c: DatabaseConnection) => Promise<void>,
  ): Promise<void> {
    const resilient = connection as ResilientConnection;
    try {
      await end(resilient.current).catch(unavailable);
    } finally {
      resilient.inTransaction = false;
    }
  }

  async savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    await this.inner.savepoint!((args[0] as ResilientConnection).current, args[1], args[2]).catch(
      unavailable,
    );
  }

  async rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    const [connection, name, compile] = args;
    await this.inner.rollbackToSavepoint!((connection as ResilientConnection).current, name, compile).catch(
      unavailable,
    );
  }

  async releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    const [connection, name, compile] = args;
    await this.inner.releaseSavepoint!((connection as ResilientConnection).current, name, compile).catch(
      unavailable,
    );
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as ResilientConnection).giveBack();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

class ResilientConnection implements DatabaseConnection {
  inTransaction = false;
  /** Null between giving a broken connection back and getting a new one. */
  private connection: DatabaseConnection | null;

  constructor(
    connection: DatabaseConnection,
    private readonly acquire: () => Promise<DatabaseConnection>,
    private readonly release: (connection: DatabaseConnection) => Promise<void>,
  ) {
    this.connection = connection;
  }

  get current(): DatabaseConnection {
    if (!this.connection) unavailable(new Error('Connection terminated: no connection could be made again'));
    return this.connection;
  }

  /** Gives the connection back, once; the driver's own release after a failed reconnect finds nothing. */
  async giveBack(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await this.release(connection);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.current.executeQuery<R>(query);
    } catch (err) {
      if (!isConnectionLost(err)) throw err;
      if (this.inTransaction || !isRead(query)) unavailable(err);
      return this.readAgain<R>(query);
    }
  }

  /** A read on new connections, each attempt after a backoff; the broken one goes back to be dropped. */
  private async readAgain<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return retryOnConnectionLoss(async () => {
      await this.giveBack();
      this.connection = await this.acquire();
      return this.connection.executeQuery<R>(query);
    }).catch(unavailable);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.current.streamQuery<R>(query, chunkSize);
  }
}

/** A statement that changes nothing: a SELECT built by Kysely, or raw SQL that is a plain SELECT. */
function isRead(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return true;
  return (
    query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql) && !/\bpg_notify\b/i.test(query.sql)
  );
}

/** A lost connection as the caller sees it: retryable, with no driver text; anything else unchanged. */
function unavailable(err: unknown): never {
  if (!isConnectionLost(err)) throw err;
  throw new AtelierError(
    'RESOURCE_UNAVAILABLE',
    'The database is temporarily unavailable; retry the request',
    {
      cause: err,
    },
  );
}
