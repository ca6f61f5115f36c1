import type { Config } from '../config.ts';
import { contentTypeOfKey, createLocalStore } from './local-store.ts';
import { createS3Store } from './s3-store.ts';
import type { FileStore } from './types.ts';

export type { FileBody, FileStore, ListedObject, StoredObject } from './types.ts';

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;

/**
 * Guards keys before they reach a path or a bucket: lowercase letters, digits and `/_.-`,
 * starting with a letter or digit, no `..`, no `//`, no trailing `/`.
 * @throws Error naming the key otherwise.
 */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/')) {
    throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
  }
}

/** Wraps a driver with the key and content-type checks every driver shares. */
function guarded(store: FileStore): FileStore {
  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      const expected = contentTypeOfKey(key);
      if (contentType !== expected) {
        throw new Error(`Key ${JSON.stringify(key)} holds ${expected}, not ${contentType}`);
      }
      await store.put(key, body, contentType);
    },
    async get(key) {
      assertValidKey(key);
      return store.get(key);
    },
    async delete(keys) {
      keys.forEach(assertValidKey);
      if (keys.length > 0) await store.delete(keys);
    },
    list(prefix) {
      if (prefix !== '' && !(KEY_PATTERN.test(prefix) && !prefix.includes('..'))) {
        throw new Error(`Invalid file key prefix: ${JSON.stringify(prefix)}`);
      }
      return store.list(prefix);
    },
    ping: () => store.ping(),
  };
}

/** Every key under `prefix`, gathered in memory: for tests and small stores only. */
export async function listKeys(store: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys;
}

/**
 * The store `files` configures (`config.files`): a directory (`local`) or an S3 bucket (`s3`).
 * The local directory is created on the first write.
 */
export function createFileStore(files: Config['files']): FileStore {
  return guarded(files.driver === 'local' ? createLocalStore(files.dir) : createS3Store(files));
}
