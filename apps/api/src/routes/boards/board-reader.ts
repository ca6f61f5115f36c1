import { createHash } from 'node:crypto';
import { ENDPOINTS } from '@sauce/contract/endpoints';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../deps.ts';
import { type Encoding, encodedVariant } from '../../lib/compression.ts';
import { responseSerializer, wireFormat } from '../../lib/serializer.ts';
import { presentBoard } from '../../presenters/share.ts';
import { boardCursor, type BoardGate, readBoardPage } from '../../services/boards.ts';

/** The board's wire schema, the endpoint table's: `{ success, data: { shareId, space, folder, sauces, nextCursor } }`. */
const zBoardResponse = ENDPOINTS['GET /board/:shareId'].answer;

/** How long a serialized page stays cached, ms: its key names the space's version, so it is never stale, only unused. */
const BOARD_CACHE_MS = 10 * 60_000;
/** Bytes of serialized board pages (and their compressed variants) a process keeps. */
const BOARD_CACHE_BYTES = 16 * 1024 * 1024;

/** A board's page as it leaves: JSON bytes (compressed with `encoding` when not null); empty for 304. */
export interface BoardReply {
  status: 200 | 304;
  etag: string;
  body: Buffer;
  encoding: Encoding | null;
}

/**
 * Issue #32: a board's pages (GET /api/board/{shareId}) as the bytes of their HTTP answer,
 * cached as the source list is (routes/sauces/sauce-list.ts): the ETag names the space's
 * version (read with the board's gate, services/boards.ts readBoardGate: it grows with every
 * write to what a source shows, a folder's name and its filings included), the day of the
 * signed image URLs, the board's link and the space's and folder's names (a space's rename
 * bumps no version), and the wire format — so a visitor's If-None-Match is answered 304 at
 * once, and a page is read from PostgreSQL once per change and then served from this
 * process's memory, compressed once per encoding. The gate — on, expiry, password — is
 * checked by the route before this, on every request, 304s included.
 * @throws INVALID_FORMAT (400) for a cursor that is not one (before any 304).
 */
export function createBoardReader(deps: Pick<Deps, 'db' | 'urls'>) {
  const cache = new LRUCache<string, Buffer>({ maxSize: BOARD_CACHE_BYTES, sizeCalculation: (b, k) => b.length + k.length, ttl: BOARD_CACHE_MS });
  const serialize = responseSerializer({ schema: zBoardResponse });
  const format = wireFormat(zBoardResponse);

  return async function read(gate: BoardGate, cursor: string | undefined, isFresh: (etag: string) => boolean, encoding: Encoding | null): Promise<BoardReply> {
    if (cursor) boardCursor(cursor);
    const names = createHash('sha256').update(`${gate.shareId}\n${gate.folderName}\n${gate.spaceName}`).digest('base64url').slice(0, 10);
    const etag = `W/"${gate.version}.${deps.urls.period()}.${names}.${format}"`;
    if (isFresh(etag)) return { status: 304, etag, body: Buffer.alloc(0), encoding: null };
    const key = `${gate.id}:${etag}:${cursor ?? ''}`;
    let body = cache.get(key);
    if (!body) {
      // Read after the version: the page is at least as new as the key says.
      body = Buffer.from(serialize({ success: true, data: presentBoard(deps.urls, gate, await readBoardPage(deps.db, gate.folderId, cursor)) }));
      cache.set(key, body);
    }
    return { status: 200, etag, ...(await encodedVariant(cache, key, body, encoding)) };
  };
}
