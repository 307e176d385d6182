import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MeteredStream } from './embedded-store';
import type { ObjectStore } from './object-store';

export interface S3Options {
  endpoint?: string | undefined;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
  /** Where a server-side write is spooled first: a PUT needs its length up front. */
  tmpDir: string;
}

/** An S3-compatible bucket (AWS S3, Aliyun OSS, R2, MinIO) behind the ObjectStore interface. */
export function createS3Store(options: S3Options): ObjectStore {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Without these the SDK adds CRC32 trailers: streamed bodies are stored with chunk framing
    // by some stores, and presigned URLs demand checksum headers a browser does not send (decision 050).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const isMissing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
  };

  return {
    driver: 's3',
    bucket: Bucket,
    endpoint: options.endpoint ?? `https://s3.${options.region}.amazonaws.com`,

    async write(key, body, { maxBytes, contentType, expectedBytes }) {
      fs.mkdirSync(options.tmpDir, { recursive: true });
      const tmp = path.join(options.tmpDir, `${randomBytes(12).toString('hex')}.part`);
      const meter = new MeteredStream(maxBytes, expectedBytes);
      try {
        await pipeline(body, meter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: fs.createReadStream(tmp),
            ContentLength: meter.bytes,
            ContentType: contentType,
          }),
        );
      } finally {
        await fs.promises.rm(tmp, { force: true });
      }
      return { size: meter.bytes, etag: `"${meter.md5.digest('hex').toUpperCase()}"` };
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          etag: (head.ETag ?? '').toUpperCase(),
          contentType: head.ContentType,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      const out = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return out.Body as Readable;
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? [])
          if (o.Key) yield { key: o.Key, modified: o.LastModified ?? new Date(0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    presignPut: (key, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), { expiresIn }),

    presignGet: (key, expiresIn, downloadName) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(downloadName
            ? {
                ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
              }
            : {}),
        }),
        { expiresIn },
      ),
  };
}
