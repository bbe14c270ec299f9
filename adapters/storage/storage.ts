import type { Readable } from 'node:stream';

/** A stored file as it travels between nodes: a reference, never the bytes. */
export interface StoredObject {
  key: string;
  url: string;
  mimeType: string;
  bytes: number;
  sha256: string;
}

/** A copy made inside the store: the bytes did not pass through, so their hash is the source's. */
export type CopiedObject = Omit<StoredObject, 'sha256'>;

export interface ObjectStat {
  bytes: number;
  mimeType: string;
  lastModified: Date;
}

/** A URL a client PUTs one file to, with the headers it must send (they are part of the signature). */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface ByteRange {
  start: number;
  end: number; // inclusive
}

/**
 * The storage every activity and the /cdn route use. Keys are relative paths such as
 * `runs/<runId>/<nodeId>/r1/image.png`; `url` is the permanent public URL of a key.
 */
export interface Storage {
  readonly driver: 'fs' | 's3';
  putBuffer(key: string, body: Buffer, mimeType: string): Promise<StoredObject>;
  /** Uploads a local file (streamed; multipart for large files on S3). */
  putFile(key: string, filePath: string, mimeType: string): Promise<StoredObject>;
  /** Copies a stored object to a local file, for tools (ffmpeg) that want paths. */
  downloadToFile(key: string, filePath: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<ObjectStat | null>;
  url(key: string): string;
  /** The key of a URL under this storage's public base (what `url` makes), else null. */
  keyOf(url: string): string | null;
  /** Copies an object to another key inside the store (no download); a missing source is NOT_FOUND. */
  copy(fromKey: string, toKey: string): Promise<CopiedObject>;
  delete(key: string): Promise<void>;
  /**
   * A pre-signed PUT of exactly `bytes` bytes of `contentType` to `key`, valid for `expiresInSeconds`
   * (S3: the store checks the signature, type and length). Absent for fs: the API takes the upload itself.
   */
  presignPut?(
    key: string,
    file: { contentType: string; bytes: number },
    expiresInSeconds: number,
  ): Promise<PresignedPut>;
}
