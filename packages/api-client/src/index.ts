import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

/** A client of the Sauce API whose paths, parameters, bodies and answers are typed. */
export type SauceClient = Client<paths>;

/**
 * A typed client of the Sauce API at `baseUrl` (the app's origin, e.g.
 * `https://sauce.example`), for apps and scripts (issue #11 item 6). With `accessToken`
 * every request carries it as a bearer token, so no anti-forgery header is needed.
 * Calls answer `{ data, error, response }`: `data` the success envelope, `error` the error
 * envelope `{ success: false, error: { code, message, details? } }`.
 *
 * @example
 *   const sauce = createSauceClient({ baseUrl: 'https://sauce.example', accessToken });
 *   const { data } = await sauce.GET('/api/archive/sauce/{workspace}/list', {
 *     params: { path: { workspace: 1 }, query: { page: 1, pageSize: 20 } },
 *   });
 */
export function createSauceClient(opts: { baseUrl: string; accessToken?: string; fetch?: typeof fetch }): SauceClient {
  return createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.accessToken ? { headers: { authorization: `Bearer ${opts.accessToken}` } } : {}),
  });
}
