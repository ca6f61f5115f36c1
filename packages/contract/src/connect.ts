/**
 * Issue #20: what the browser extension and the connect page share, without zod (the
 * extension's popup stays small).
 */

/** The prefix of every personal access token: secret scanners and people can tell one at a glance. */
export const PERSONAL_TOKEN_PREFIX = 'sauce_pat_';

/** Which browser the extension runs in: names its token ('Browser extension (Chrome)'). */
export const BROWSER_NAMES = ['Chrome', 'Edge', 'Firefox', 'Browser'] as const;
export type BrowserName = (typeof BROWSER_NAMES)[number];

/** The name of the extension's token for a browser. */
export const extensionTokenName = (browser: BrowserName) => `Browser extension (${browser})`;

/**
 * The short code the extension and the connect page both show for a challenge, so the
 * person can see they allow the extension they just clicked (as a device code): the first
 * 8 characters of the challenge, upper-cased, as `XXXX-XXXX`.
 */
export const challengeCode = (challenge: string) => {
  const c = challenge.slice(0, 8).toUpperCase();
  return `${c.slice(0, 4)}-${c.slice(4)}`;
};

// ---------------------------------------------------------------------------------------
// Issue #28 item 5: how the connect page hands a grant's one-time code to the extension that
// opened it, and to nothing else. The extension runs a small script (its connect bridge) in
// the one tab it opened for connecting, and only while that tab shows its Sauce server's
// origin; the page and the bridge talk by `window.postMessage` to the page's own origin, each
// message tagged with CONNECT_CHANNEL. A page opened from a link someone sent has no bridge.
// ---------------------------------------------------------------------------------------

/** The tag of every connect message between the page and the extension's bridge. */
export const CONNECT_CHANNEL = 'sauce-connect';

/**
 * From the connect page: `hello` asks whether the extension waits for `challenge` (before
 * Allow is offered); `code` hands it the grant's one-time code (after Allow).
 */
export type ConnectPageMessage =
  | { channel: typeof CONNECT_CHANNEL; from: 'page'; kind: 'hello'; challenge: string }
  | { channel: typeof CONNECT_CHANNEL; from: 'page'; kind: 'code'; challenge: string; code: string };

/**
 * From the extension's bridge: `hello` says whether it waits for `challenge` (its own
 * connection, in this tab); `result` says whether the code made it connected.
 */
export type ConnectExtensionMessage =
  | { channel: typeof CONNECT_CHANNEL; from: 'extension'; kind: 'hello'; challenge: string; waiting: boolean }
  | { channel: typeof CONNECT_CHANNEL; from: 'extension'; kind: 'result'; challenge: string; connected: boolean };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** `data` as a message of the connect page, or null when it is anything else (the bridge's check). */
export function readPageMessage(data: unknown): ConnectPageMessage | null {
  if (!isRecord(data) || data.channel !== CONNECT_CHANNEL || data.from !== 'page' || typeof data.challenge !== 'string') return null;
  const base = { channel: CONNECT_CHANNEL, from: 'page', challenge: data.challenge } as const;
  if (data.kind === 'hello') return { ...base, kind: 'hello' };
  if (data.kind === 'code' && typeof data.code === 'string') return { ...base, kind: 'code', code: data.code };
  return null;
}

/** `data` as a message of the extension's bridge, or null when it is anything else (the page's check). */
export function readExtensionMessage(data: unknown): ConnectExtensionMessage | null {
  if (!isRecord(data) || data.channel !== CONNECT_CHANNEL || data.from !== 'extension' || typeof data.challenge !== 'string') return null;
  const base = { channel: CONNECT_CHANNEL, from: 'extension', challenge: data.challenge } as const;
  if (data.kind === 'hello' && typeof data.waiting === 'boolean') return { ...base, kind: 'hello', waiting: data.waiting };
  if (data.kind === 'result' && typeof data.connected === 'boolean') return { ...base, kind: 'result', connected: data.connected };
  return null;
}
