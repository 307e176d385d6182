import type { Readable } from 'node:stream';

/** What a stored object looks like from outside. */
export interface ObjectInfo {
  size: number;
  /** Quoted upper-case MD5 hex, as OSS reports it (S3: its own ETag). */
  etag: string;
  contentType?: string | undefined;
}

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface WriteOptions {
  maxBytes: number;
  contentType: string;
  /** The declared Content-Length: a body of another length is refused before it becomes visible. */
  expectedBytes?: number | undefined;
  /** base64 MD5 the client declared (Content-MD5). */
  expectedMd5?: string | undefined;
  /** Replace an existing object (server-side writes); uploads never overwrite. */
  overwrite?: boolean | undefined;
}

/** A place bytes live: the embedded disk store or an S3-compatible bucket. */
export interface ObjectStore {
  readonly driver: 'embedded' | 's3';
  readonly bucket: string;
  /** S3 only: the bucket's endpoint as clients reach it (the token's bucket_endpoint). */
  readonly endpoint?: string;
  /** Writes an object atomically (readers see the old object or the whole new one). */
  write(key: string, body: Readable, options: WriteOptions): Promise<ObjectInfo>;
  stat(key: string): Promise<ObjectInfo | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes an object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored object with its last change, in no particular order (the orphan sweep reads it). */
  list(): AsyncIterable<{ key: string; modified: Date }>;
  /** Deletes leftovers of writes that never finished (a crashed process), older than `before`. */
  removeStaleParts?(before: Date): Promise<number>;
  /** S3 only: a presigned PUT the browser uploads to. */
  presignPut?(key: string, expiresInSeconds: number): Promise<string>;
  /** S3 only: a presigned GET (downloads straight from the bucket). */
  presignGet?(key: string, expiresInSeconds: number, downloadName?: string): Promise<string>;
  /** Embedded only: where the object lives on disk (media probes read it directly). */
  localPath?(key: string): string;
}

/** A store-side failure the client caused (size, length, checksum). */
export class UploadRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
