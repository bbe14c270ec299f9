import path from 'node:path';
import type { Config } from '../../core/config';
import { createFsStorage } from './fs-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';
import { classifyStorageFailures } from './storage-failure';

export type { ByteRange, ObjectStat, Storage, StoredObject } from './storage';

/** Folder of the fs driver inside the data directory. */
export const FS_STORAGE_FOLDER = 'storage';

/** The storage STORAGE_DRIVER names: a folder served under `<publicUrl>/cdn/`, or an S3 bucket. */
export function createStorage(config: Config, options: { publicUrl: string }): Storage {
  return classifyStorageFailures(createStoreOfDriver(config, options));
}

function createStoreOfDriver(config: Config, options: { publicUrl: string }): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      publicBaseUrl: config.S3_PUBLIC_BASE_URL,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createFsStorage({
    root: path.join(config.ATELIER_DATA_DIR, FS_STORAGE_FOLDER),
    publicBaseUrl: options.publicUrl,
  });
}
