/** An answer of the Sauce API that is not a success: its status and stable code. */
export class SauceApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls the Sauce API at `${server}/api${path}` with the token as `Authorization: Bearer`
 * and no cookies (the server answers CORS for the extension's origin without credentials),
 * and unwraps `{ success, data }`.
 * @throws SauceApiError with the server's code, or NETWORK when the server did not answer.
 */
export async function sauceApi<T>(server: string, token: string | null, path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${server}/api${path}`, {
      ...init,
      credentials: 'omit',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new SauceApiError(0, 'NETWORK', 'The server did not answer.');
  }
  const json = (await res.json().catch(() => null)) as
    | { success: true; data: T }
    | { success: false; error: { code: string; message: string } }
    | null;
  if (res.ok && json?.success) return json.data;
  const error = json && !json.success ? json.error : { code: 'SYSTEM_ERROR', message: res.statusText };
  throw new SauceApiError(res.status, error.code, error.message);
}
