// Zod-free, for the clients (the web app and the extension): what a call of an endpoint sends.

/**
 * The method and path (under /api) of a call of `endpoint`, a key of the endpoint table
 * (./endpoints.ts: `'PATCH /archive/folder/:workspace/:folderId'`), each `:name` of the path
 * filled from `params`, URI-encoded (issue #30 item 3).
 * @throws Error when the path names a parameter `params` lacks (the table's types prevent it).
 */
export function endpointRequest(endpoint: string, params: Record<string, string | number> = {}): { method: string; path: string } {
  const space = endpoint.indexOf(' ');
  const path = endpoint.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${endpoint}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  return { method: endpoint.slice(0, space), path };
}

/** A query as the clients pass it: undefined, null and empty values are left out, a list repeats its key. */
export type QueryInput = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Appends `query` to `params` (a URL's searchParams), as {@link QueryInput} says. */
export function appendQuery(params: URLSearchParams, query: QueryInput = {}): URLSearchParams {
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}
