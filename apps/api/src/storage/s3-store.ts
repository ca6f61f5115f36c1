import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { FileStore } from './types.ts';

type S3Files = Extract<Config['files'], { driver: 's3' }>;

/** Keys per DeleteObjects request: the S3 API's maximum. */
const DELETE_BATCH = 1000;

/**
 * The S3 driver (AWS S3, MinIO, any S3-compatible server): key `k` is the object
 * `<prefix>k` in `bucket`. Credentials come from the configuration when both are given,
 * else from the SDK's default chain (environment, profile, instance role). Keys are
 * checked by the caller (`createFileStore`). The SDK (about 10 MB of memory) is loaded
 * here, so a server without S3 never loads it (issue #11 item 7).
 */
export function createS3Store(files: S3Files): FileStore {
  const { bucket, prefix } = files;
  const sdk = import('@aws-sdk/client-s3');
  const connected = sdk.then(({ S3Client }) => new S3Client({
    region: files.region,
    endpoint: files.endpoint,
    forcePathStyle: files.forcePathStyle,
    credentials:
      files.accessKeyId && files.secretAccessKey
        ? { accessKeyId: files.accessKeyId, secretAccessKey: files.secretAccessKey }
        : undefined,
  }));

  return {
    async put(key, body, contentType) {
      const [{ PutObjectCommand }, client] = await Promise.all([sdk, connected]);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: prefix + key,
          ...(Buffer.isBuffer(body) ? { Body: body } : { Body: createReadStream(body.file), ContentLength: body.size }),
          ContentType: contentType,
        }),
      );
    },

    async get(key) {
      const [{ GetObjectCommand, NoSuchKey, S3ServiceException }, client] = await Promise.all([sdk, connected]);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        return {
          // In Node the SDK's body is an http.IncomingMessage, a Readable.
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },

    async delete(keys) {
      const [{ DeleteObjectsCommand }, client] = await Promise.all([sdk, connected]);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const out = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: prefix + key })), Quiet: true },
          }),
        );
        const failed = out.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`S3 DeleteObjects failed for ${failed.length} keys, e.g. ${failed[0]!.Key}: ${failed[0]!.Code}`);
        }
      }
    },

    async ping() {
      const [{ HeadBucketCommand }, client] = await Promise.all([sdk, connected]);
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async *list(listPrefix) {
      const [{ paginateListObjectsV2 }, client] = await Promise.all([sdk, connected]);
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix + listPrefix })) {
        for (const object of page.Contents ?? []) {
          yield { key: object.Key!.slice(prefix.length), modifiedAt: object.LastModified?.getTime() ?? Date.now() };
        }
      }
    },
  };
}
