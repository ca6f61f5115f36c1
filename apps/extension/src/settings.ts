import type { BrowserName } from '@sauce/contract/connect';

/** What the extension keeps (browser.storage.local: readable by the extension only, never by pages). */
export interface Settings {
  /** The Sauce server's origin, e.g. `https://sauce.example.com` (editable for self-hosted installations). */
  server: string;
  /** The personal access token, once connected. */
  token?: string;
  tokenId?: number;
  nickname?: string;
  /**
   * A connection waiting to be allowed: the verifier (secret), its challenge, when it lapses
   * (ms), and the tab the extension opened for it — the only tab whose page may hand it the
   * grant's code (issue #28 item 5, src/connect.ts).
   */
  pending?: { verifier: string; challenge: string; server: string; until: number; tabId?: number };
  /** The space and folders used last. */
  lastSpace?: number;
}

/** The server a fresh install offers (a local Sauce); the person changes it before connecting. */
export const DEFAULT_SERVER = 'http://localhost:3000';

export async function loadSettings(): Promise<Settings> {
  const got = (await browser.storage.local.get('settings')) as { settings?: Settings };
  return { server: DEFAULT_SERVER, ...got.settings };
}

export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  const next = { ...(await loadSettings()), ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete (next as Record<string, unknown>)[k];
  await browser.storage.local.set({ settings: next });
  return next;
}

/** A server address as typed → its origin (`https://x.example`), or null when it is not http(s). */
export function normalizeServer(input: string): string | null {
  try {
    const u = new URL(input.trim().includes('://') ? input.trim() : `https://${input.trim()}`);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** Which browser this is, for the token's name. */
export function browserName(): BrowserName {
  const ua = navigator.userAgent;
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Edg\//.test(ua)) return 'Edge';
  if (/Chrome\//.test(ua)) return 'Chrome';
  return 'Browser';
}
