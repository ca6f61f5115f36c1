import { ENDPOINTS } from '@sauce/contract/endpoints';
import type { SauceListQuery } from '@sauce/contract/sauces';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../deps.ts';
import { type Encoding, encodedVariant } from '../../lib/compression.ts';
import { responseSerializer, wireFormat } from '../../lib/serializer.ts';
import { canEditSauces } from '../../policies/workspace.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import { createListVersionReader, listSauces } from '../../services/sauces.ts';

/** The list's wire schema, the endpoint table's: `{ success, data: { results, count, next, previous, … } }`. */
const zSauceListResponse = ENDPOINTS['GET /archive/sauce/:workspace/list'].answer;

/**
 * How long a serialized list stays cached, ms. Its key names the space's version, so an
 * entry is never stale, only unused once the space changes: this bounds the memory.
 */
const LIST_CACHE_MS = 10 * 60_000;

/** Bytes of serialized lists a process keeps (UTF-8 JSON). */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A list as it leaves: `body` is the JSON as UTF-8 bytes, or those bytes compressed with
 * `encoding` (then sent with that content-encoding); empty for 304; `etag` is null when uncached.
 */
export interface SauceListReply {
  status: 200 | 304;
  etag: string | null;
  body: Buffer;
  encoding: Encoding | null;
}

/**
 * Reads a space's source list (SPEC §7 GET /archive/sauce/{workspace}/list) as the bytes of
 * its HTTP answer — the service's rows, presented and serialized here, at the route — so
 * that a repeated read costs almost nothing (issue #9 item 12). One indexed read gives the
 * space's version and the caller's role (batched with the other requests of the same turn of
 * the event loop: `createListVersionReader`); the ETag names them with the day of the signed
 * image URLs and the wire format, so `isFresh(etag)` (the request's If-None-Match) answers
 * 304 at once; else the serialized page is taken from this process's cache (UTF-8 bytes,
 * ready to write: encoding a 60 KB string per request cost more than the rest together) or,
 * with REDIS_URL, from Redis, which every process shares, under that ETag and the query; only
 * on a miss is it read from PostgreSQL. No entry can be stale: a write bumps the version
 * in its own transaction, so the next read looks under a new key on every process. The
 * favourite-tag filter depends on the caller's own tags, which no space version follows:
 * those lists are read every time and carry no ETag.
 * `encoding` is the one the request prefers (`negotiateEncoding`): a cached page is kept
 * compressed with it too, made once (brotli took 2.8 ms of CPU per request, 40 times the
 * rest of a cached read: issue #11 item 1), so a repeated read is still a lookup.
 * @throws NOT_FOUND (404) for a non-member, as listSauces.
 */
export function createSauceListReader(deps: Pick<Deps, 'db' | 'shared' | 'urls' | 'config'>) {
  const local = new LRUCache<string, Buffer>({
    maxSize: LIST_CACHE_BYTES,
    sizeCalculation: (body, key) => body.length + key.length,
    ttl: LIST_CACHE_MS,
  });
  const shared = deps.shared.redis ? deps.shared : null;
  const listVersion = createListVersionReader(deps.db);
  const serialize = responseSerializer({ schema: zSauceListResponse }) as (v: unknown) => string;
  // Changes when the response's shape does (a deploy), so no old-format body is served.
  const format = wireFormat(zSauceListResponse);

  const readFresh = async (workspaceId: number, userId: number, q: SauceListQuery) => {
    const list = await listSauces(deps.db, workspaceId, userId, q, deps.config.search);
    const editable = canEditSauces(list.permission);
    const results = list.results.map((r) => {
      const sauce = presentSauce(r, editable, deps.urls);
      const snippet = list.snippets.get(r.id);
      return snippet ? { ...sauce, snippet: snippet.text, ...(snippet.image !== null ? { snippetImage: snippet.image } : {}) } : sauce;
    });
    const data = { results, count: list.count, next: list.next, previous: list.previous, nextCursor: list.nextCursor, highlight: list.highlight };
    return { permission: list.permission, json: serialize({ success: true, data }) };
  };

  return async function read(
    workspaceId: number,
    userId: number,
    q: SauceListQuery,
    isFresh: (etag: string) => boolean,
    encoding: Encoding | null = null,
  ): Promise<SauceListReply> {
    if (q.favorite) {
      // Uncached: the response is compressed on its way out like any other (lib/compression.ts).
      return { status: 200, etag: null, body: Buffer.from((await readFresh(workspaceId, userId, q)).json), encoding: null };
    }
    const { version, permission } = await listVersion(workspaceId, userId);
    const etag = `W/"${version}.${deps.urls.period()}.${permission}.${format}"`;
    if (isFresh(etag)) return { status: 304, etag, body: Buffer.alloc(0), encoding: null };
    const key = `list:${workspaceId}:${etag}:${JSON.stringify(q)}`;
    const encoded = async (body: Buffer): Promise<SauceListReply> => ({ status: 200, etag, ...(await encodedVariant(local, key, body, encoding)) });
    const hit = local.get(key);
    if (hit) return encoded(hit);
    const elsewhere = await shared?.get(key);
    if (elsewhere) {
      const body = Buffer.from(elsewhere);
      local.set(key, body);
      return encoded(body);
    }
    const fresh = await readFresh(workspaceId, userId, q);
    const body = Buffer.from(fresh.json);
    // The page is at least as new as `version` (read after it); cached only when the role
    // it was presented for is still the one the key names.
    if (fresh.permission === permission) {
      local.set(key, body);
      await shared?.set(key, fresh.json, LIST_CACHE_MS);
      return encoded(body);
    }
    return { status: 200, etag, body, encoding: null };
  };
}
