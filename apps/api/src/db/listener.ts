import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Longest wait before reconnecting, ms. */
const MAX_BACKOFF_MS = 30_000;

/** What a subscriber of a channel hears. */
export interface ChannelHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /** The connection dropped: notifications sent until it is back are lost. */
  lost?(): void;
}

/**
 * PostgreSQL LISTEN for the whole process on one connection of its own (not one of the
 * pool's, which serve requests): live team events and revoked sessions share it. The
 * connection is opened on the first subscription and reopened with backoff when it drops,
 * listening again to every channel; subscribers hear `lost` meanwhile, since what was
 * notified in between is gone.
 */
export interface PgListener {
  /**
   * Subscribes to `channel` (a plain identifier). Resolves once the process listens to it
   * (rejects when the database cannot be reached: nothing is subscribed then).
   * @returns the unsubscription.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => void>;
  /** Closes the connection; no notifications after this. */
  close(): Promise<void>;
}

/** A listener on the database `pool` connects to (its connection settings). */
export function createPgListener(pool: pg.Pool, log?: FastifyBaseLogger): PgListener {
  const channels = new Map<string, Set<ChannelHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let backoff = 500;
  let retry: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client, err: Error) => {
    if (client !== c) return;
    client = null;
    log?.warn({ err }, 'database notifications lost; reconnecting');
    for (const set of channels.values()) for (const h of set) h.lost?.();
    scheduleConnect();
  };

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => {
      for (const h of channels.get(n.channel) ?? []) h.message(n.payload ?? '');
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('connection ended')));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${channel}`);
    if (closed) {
      await c.end().catch(() => undefined);
      throw new Error('listener closed');
    }
    client = c;
    backoff = 500;
    return c;
  };

  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleConnect = () => {
    if (closed || retry || channels.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      ensure().catch(() => scheduleConnect());
    }, backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  return {
    async listen(channel, handlers) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
      const fresh = !channels.has(channel);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(handlers);
      try {
        const c = await ensure();
        // A connection made before this channel existed listens to it now.
        if (fresh) await c.query(`LISTEN ${channel}`);
      } catch (e) {
        set.delete(handlers);
        if (set.size === 0) channels.delete(channel);
        throw e;
      }
      return () => {
        set.delete(handlers);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
