import { endpointRequest } from '@sauce/contract/endpoint-path';
import type { Answer, CallArgs, Endpoint } from '@sauce/contract/endpoints';
import { api, type RequestOptions } from './api.ts';

/** What a call of endpoint `E` takes: its `params`, `query` and `body` as the table says, and fetch's `signal` and `cache`. */
type CallOptions<E extends Endpoint> = CallArgs<E> & Pick<RequestOptions, 'signal' | 'cache'>;

/**
 * Issue #30 item 3: calls `endpoint` of the contract's endpoint table — its method and path
 * under /api, `'PATCH /archive/folder/:workspace/:folderId'` — with each `:name` of the path
 * from `params` (encoded), and `query` and `body` as the table types them; resolves to its
 * answer's `data`. The table is read for its types only (`import type`): nothing of it, and
 * no zod, reaches the page. Errors as {@link api}, which it calls (a test that mocks `api` answers these calls too).
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[options]: object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]
): Promise<Answer<E>> {
  const { params, query, body, signal, cache } = (options ?? {}) as Pick<RequestOptions, 'query' | 'body' | 'signal' | 'cache'> & {
    params?: Record<string, string | number>;
  };
  const { method, path } = endpointRequest(endpoint, params) as { method: NonNullable<RequestOptions['method']>; path: string };
  // A GET is sent as `api`'s default: no method named, as every reader of `api` calls it.
  return api<Answer<E>>(path, { ...(method === 'GET' ? {} : { method }), query, body, signal, cache });
}
