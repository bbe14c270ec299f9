import { FailureType } from '../../core/run/failure-types';
import type { Storage } from './storage';

/** What a caller reads of a storage outage: a classified code and a reason, never an errno or a stack. */
export const STORAGE_UNAVAILABLE = 'STORAGE_UNAVAILABLE';

/** errno codes of a store that cannot take or give bytes now: full, read-only, broken disk, too many files. */
const UNAVAILABLE_ERRNOS: Record<string, string> = {
  ENOSPC: 'the store is full',
  EDQUOT: 'the store is over its quota',
  EIO: 'the store had an I/O error',
  EROFS: 'the store is read-only',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  ECONNRESET: 'the store dropped the connection',
  ECONNREFUSED: 'the store refused the connection',
  ETIMEDOUT: 'the store did not answer in time',
  EPIPE: 'the store dropped the connection',
};
/** S3 error names of throttling and of the service's own failures (its 5xx and 429 carry them too). */
const S3_UNAVAILABLE = new Set([
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'RequestTimeout',
  'ThrottlingException',
  'TooManyRequestsException',
]);

/**
 * A store that cannot be used for now (disk full, I/O error, S3 5xx or throttling). Its `name` is the
 * activity failure type, retried with the node's backoff like any failure of the world; once the attempts
 * are spent the run's errorMessage is this message. The API answers it 503 RESOURCE_UNAVAILABLE, retryable.
 */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`${STORAGE_UNAVAILABLE}: ${reason}; the output could not be stored, try again later`);
    this.name = FailureType.StorageUnavailable;
  }
}

/** Recognised by name: the error may have crossed a process or the workflow sandbox. */
export function isStorageUnavailable(err: unknown): err is StorageUnavailableError {
  return (err as { name?: unknown } | null)?.name === FailureType.StorageUnavailable;
}

/** The outage an error of a store stands for, or null when it is anything else (a missing key, a bug). */
export function storageOutage(err: unknown): StorageUnavailableError | null {
  if (isStorageUnavailable(err)) return err;
  if (typeof err !== 'object' || err === null) return null;
  const e = err as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  if (typeof e.code === 'string' && e.code in UNAVAILABLE_ERRNOS)
    return new StorageUnavailableError(UNAVAILABLE_ERRNOS[e.code]);
  const status = e.$metadata?.httpStatusCode;
  if ((typeof e.name === 'string' && S3_UNAVAILABLE.has(e.name)) || status === 429)
    return new StorageUnavailableError('the store is throttling requests or failing');
  if (typeof status === 'number' && status >= 500)
    return new StorageUnavailableError(`the store answered HTTP ${status}`);
  return null;
}

/** Rethrows an outage as a StorageUnavailableError; anything else unchanged. */
function reclassify(err: unknown): never {
  throw storageOutage(err) ?? err;
}

/**
 * The same store, whose every failure of the world is a StorageUnavailableError (issue 27 item 3: a full
 * disk failed the run at its first attempt with the raw ENOSPC text, and transfer-asset answered 500).
 * A read stream's later errors are the reader's to handle.
 */
export function classifyStorageFailures(storage: Storage): Storage {
  return {
    driver: storage.driver,
    putBuffer: (key, body, mimeType) => storage.putBuffer(key, body, mimeType).catch(reclassify),
    putFile: (key, filePath, mimeType) => storage.putFile(key, filePath, mimeType).catch(reclassify),
    downloadToFile: (key, filePath) => storage.downloadToFile(key, filePath).catch(reclassify),
    read: (key, range) => storage.read(key, range).catch(reclassify),
    stat: (key) => storage.stat(key).catch(reclassify),
    url: (key) => storage.url(key),
    keyOf: (url) => storage.keyOf(url),
    copy: (fromKey, toKey) => storage.copy(fromKey, toKey).catch(reclassify),
    delete: (key) => storage.delete(key).catch(reclassify),
    ...(storage.presignPut
      ? {
          presignPut: (key: string, file: { contentType: string; bytes: number }, expiresIn: number) =>
            storage.presignPut!(key, file, expiresIn).catch(reclassify),
        }
      : {}),
  };
}
