import { ApplicationFailure } from '@temporalio/common';
import {
  classifyStorageFailures,
  isStorageUnavailable,
  STORAGE_UNAVAILABLE,
} from '../../../adapters/storage/storage-failure';
import type { Storage } from '../../../adapters/storage/storage';
import { FailureType } from '../../../core/run/failure-types';
import { asActivityFailure } from '../../../nodes/failures';
import { createTestStack, type TestStack } from '../../support/stack';
import { samplePng, startMediaServer, type MediaServer } from '../../support/media-server';

/** An error as Node's fs raises it when the disk is full. */
const enospc = () =>
  Object.assign(new Error("ENOSPC: no space left on device, write '/data/storage/runs/x/image.png'"), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
/** An error as the AWS SDK raises it for an S3 503. */
const s3SlowDown = () =>
  Object.assign(new Error('Please reduce your request rate.'), {
    name: 'SlowDown',
    $metadata: { httpStatusCode: 503 },
  });

/** A store whose writes fail with `failure`; everything else answers as an empty store would. */
function failingStore(failure: () => Error): Storage {
  const fail = () => Promise.reject(failure());
  return {
    driver: 'fs',
    putBuffer: fail,
    putFile: fail,
    downloadToFile: fail,
    read: fail,
    stat: async () => null,
    url: (key) => `http://127.0.0.1/cdn/${key}`,
    keyOf: () => null,
    copy: fail,
    delete: async () => undefined,
  };
}

describe('issue 27 item 3: a full disk failed the run at once with the raw ENOSPC text, transfer-asset a 500', () => {
  test.each([
    ['a full disk (ENOSPC)', enospc, 'the store is full'],
    [
      'an I/O error (EIO)',
      () => Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }),
      'I/O error',
    ],
    ['S3 throttling (SlowDown 503)', s3SlowDown, 'throttling'],
    [
      'an S3 500',
      () =>
        Object.assign(new Error('We encountered an internal error'), { $metadata: { httpStatusCode: 500 } }),
      'failing',
    ],
  ])(
    '%s becomes a classified StorageUnavailable error, with no errno in its message',
    async (_, failure, reason) => {
      const store = classifyStorageFailures(failingStore(failure));
      const err = await store
        .putBuffer('runs/x/image.png', Buffer.from('x'), 'image/png')
        .catch((e: unknown) => e);

      expect(isStorageUnavailable(err)).toBe(true);
      const message = (err as Error).message;
      expect(message.startsWith(`${STORAGE_UNAVAILABLE}: `)).toBe(true);
      expect(message).toMatch(reason === 'failing' ? /HTTP 500/ : new RegExp(reason));
      expect(message).not.toMatch(/ENOSPC|EIO|errno|\/data\/storage/);
    },
  );

  test('a missing key or a bug of ours is not an outage: it passes unchanged', async () => {
    const bug = new TypeError('cannot read properties of undefined');
    const store = classifyStorageFailures(failingStore(() => bug));
    expect(await store.copy('a', 'b').catch((e: unknown) => e)).toBe(bug);
  });

  test('a node activity meeting a full disk fails retryably, typed StorageUnavailable, with the clean message', async () => {
    const fromStore = await classifyStorageFailures(failingStore(enospc))
      .putFile('k', '/tmp/x', 'image/png')
      .catch((e: unknown) => e);
    // From the store, or from a scratch file the activity wrote itself.
    for (const raw of [fromStore, enospc()]) {
      const failure = asActivityFailure(raw);
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect(failure).toMatchObject({ type: FailureType.StorageUnavailable, nonRetryable: false });
      expect((failure as Error).message).toMatch(/^STORAGE_UNAVAILABLE: the store is full/);
      expect((failure as Error).message).not.toMatch(/ENOSPC/);
    }
  });

  describe('POST /v1/publishing/transfer-asset on a full disk', () => {
    let stack: TestStack;
    let media: MediaServer;

    beforeAll(async () => {
      stack = await createTestStack({
        workers: false,
        deps: { storage: classifyStorageFailures(failingStore(enospc)) },
      });
      media = await startMediaServer({ '/photo.png': { type: 'image/png', body: await samplePng() } });
    });
    afterAll(async () => {
      await media.close();
      await stack.close();
    });

    test('answers 503 RESOURCE_UNAVAILABLE, retryable, in the envelope, without the errno', async () => {
      const res = await stack.http
        .post('/v1/publishing/transfer-asset')
        .set('x-api-key', stack.users.owner.key)
        .send({ sourceUrl: media.url('/photo.png'), mediaType: 'image', filename: 'photo.png' });

      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'RESOURCE_UNAVAILABLE', retryable: true });
      expect(res.body.error).toMatch(/^STORAGE_UNAVAILABLE: the store is full/);
      expect(res.body.error).not.toMatch(/ENOSPC/);
    });
  });
});
