import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { RateLimitedError } from '../../errors.ts';

/** The window a person's searches are counted in, ms. */
const SEARCH_WINDOW_MS = 60_000;

/**
 * Issue #28 item 3: each person's searches, `config.search.perMinute` (SEARCH_RATE_LIMIT, 60)
 * a minute at most, over every route that searches (the source list with `search`, ⌘K's
 * search across spaces) together — counted by user id (by address when signed out) in the
 * state every process shares (Redis with REDIS_URL, else this process's memory), in windows
 * of a clock minute. A pre-handler: it counts requests that were let in and carry a search
 * (a list read without `search` is not counted).
 * @throws RATE_LIMITED (429) past the limit, with `Retry-After`: the seconds left of the minute.
 */
export function searchRateLimit(deps: Pick<Deps, 'config' | 'shared'>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const search = (req.query as { search?: unknown } | undefined)?.search;
    if (typeof search !== 'string' || search.trim() === '') return;
    const who = req.userId !== null ? `user:${req.userId}` : `ip:${req.ip}`;
    if (await deps.shared.hit(`search-rate:${who}`, deps.config.search.perMinute, SEARCH_WINDOW_MS)) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil((SEARCH_WINDOW_MS - (Date.now() % SEARCH_WINDOW_MS)) / 1000))));
    throw RateLimitedError('Too many searches. Please wait a minute and try again.');
  };
}
