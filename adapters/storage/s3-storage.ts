import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from '../../core/errors';
import { assertStorageKey, clampRange, keyUnder } from './keys';
import type { ByteRange, ObjectStat, Storage, StoredObject } from './storage';

export interface S3StorageOptions {
  /** For S3-compatible stores (MinIO, R2); omitted for AWS S3. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** A CDN or public bucket URL that serves `<publicBaseUrl>/<key>`. */
  publicBaseUrl?: string;
  forcePathStyle: boolean;
  /** Part size for multipart uploads of files; S3's minimum is 5 MiB. */
  partSizeBytes?: number;
}

export const S3_PART_SIZE_BYTES = 8 * 1024 * 1024;

export function createS3Client(options: S3StorageOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Since SDK 3.729 checksums are sent by default, which several S3-compatible stores refuse
    // (https://github.com/aws/aws-sdk-js-v3/issues/6810); send them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  return new S3Client(config);
}

/** Objects in one bucket of any S3-compatible store. */
export function createS3Storage(options: S3StorageOptions, client = createS3Client(options)): Storage {
  const Bucket = options.bucket;
  const base = publicBaseUrl(options);
  const urlFor = (key: string) => `${base}/${key}`;

  async function upload(key: string, source: Readable, mimeType: string): Promise<StoredObject> {
    assertStorageKey(key);
    const measured = measure(source);
    const transfer = new Upload({
      client,
      params: { Bucket, Key: key, Body: measured.stream, ContentType: mimeType },
      partSize: options.partSizeBytes ?? S3_PART_SIZE_BYTES,
      queueSize: 2,
    });
    await transfer.done();
    return { key, url: urlFor(key), mimeType, bytes: measured.bytes(), sha256: measured.sha256() };
  }

  async function stat(key: string): Promise<ObjectStat | null> {
    assertStorageKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        bytes: head.ContentLength ?? 0,
        mimeType: head.ContentType ?? 'application/octet-stream',
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function read(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    let Range: string | undefined;
    if (range) {
      const info = await stat(key);
      if (!info) throw notFound(`Object ${key}`);
      const bounds = clampRange(range, info.bytes);
      Range = `bytes=${bounds.start}-${bounds.end}`;
    }
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw notFound(`Object ${key}`);
      throw error;
    }
  }

  return {
    driver: 's3',
    async presignPut(key, file, expiresInSeconds) {
      assertStorageKey(key);
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: file.contentType,
        ContentLength: file.bytes,
      });
      // Content-Type and Content-Length are signed: the store refuses another type or size.
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, headers: { 'Content-Type': file.contentType } };
    },
    async putBuffer(key, body, mimeType) {
      assertStorageKey(key);
      const sha256 = createHash('sha256').update(body).digest('hex');
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: mimeType,
          ContentLength: body.length,
        }),
      );
      return { key, url: urlFor(key), mimeType, bytes: body.length, sha256 };
    },
    putFile: (key, filePath, mimeType) => upload(key, createReadStream(filePath), mimeType),
    async downloadToFile(key, filePath) {
      const body = await read(key);
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      const tmp = `${filePath}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(tmp));
        await fs.rename(tmp, filePath);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    read,
    stat,
    url: (key) => {
      assertStorageKey(key);
      return urlFor(key);
    },
    keyOf: (url) => keyUnder(base, url),
    /** A server-side copy: the bytes stay in the store. */
    async copy(fromKey, toKey) {
      assertStorageKey(toKey);
      const info = await stat(fromKey);
      if (!info) throw notFound(`Object ${fromKey}`);
      // Keys are [A-Za-z0-9._/-] only: nothing to encode in the copy source.
      await client.send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${fromKey}` }));
      return { key: toKey, url: urlFor(toKey), mimeType: info.mimeType, bytes: info.bytes };
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

type PublicUrlOptions = Pick<
  S3StorageOptions,
  'publicBaseUrl' | 'endpoint' | 'bucket' | 'region' | 'forcePathStyle'
>;

/**
 * The permanent URL of a key: the configured public base, else the endpoint in path style
 * (`<endpoint>/<bucket>/<key>`) or virtual-host style (`<scheme>://<bucket>.<host>/<key>`), else AWS.
 */
export function publicUrlBuilder(options: PublicUrlOptions) {
  const base = publicBaseUrl(options);
  return (key: string) => `${base}/${key}`;
}

/** What every key's public URL starts with (without the final slash). */
function publicBaseUrl(options: PublicUrlOptions): string {
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (options.publicBaseUrl) return trim(options.publicBaseUrl);
  if (options.endpoint) {
    const endpoint = new URL(options.endpoint);
    return options.forcePathStyle
      ? `${trim(endpoint.href)}/${options.bucket}`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${trim(endpoint.pathname)}`;
  }
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

/** Passes a stream through while counting and hashing it, so an upload is read only once. */
function measure(source: Readable) {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = source.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        bytes += chunk.length;
        callback(null, chunk);
      },
    }),
  );
  source.once('error', (error) => stream.destroy(error));
  return { stream, bytes: () => bytes, sha256: () => hash.digest('hex') };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
