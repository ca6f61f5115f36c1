import { CONNECT_CHANNEL } from '@sauce/contract/connect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installConnectBridge, isConnectSender, type BridgeReply, type BridgeRequest } from './connect.ts';

/** Issue #28 item 5: the code of a grant reaches this extension only from the tab it opened, for its own challenge. */

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const CHALLENGE = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const NOW = 1_800_000_000_000;
const pending = { verifier: 'v'.repeat(43), challenge: CHALLENGE, server: 'https://sauce.example', until: NOW + 60_000, tabId: 7 };
const sender = { id: ID, frameId: 0, tab: { id: 7 }, url: 'https://sauce.example/connect/extension?challenge=x' };

describe('isConnectSender: who may ask about or hand over the connection', () => {
  it('accepts the top frame of the connect tab, on the server, for the pending challenge', () => {
    expect(isConnectSender(pending, CHALLENGE, sender, ID, NOW)).toBe(true);
  });

  it.each([
    ['another tab (a link opened by hand, or sent by someone)', { ...sender, tab: { id: 8 } }],
    ['no tab', { ...sender, tab: undefined }],
    ['a frame inside the page', { ...sender, frameId: 3 }],
    ['another origin in the connect tab', { ...sender, url: 'https://evil.example/connect/extension' }],
    ['the server on another port', { ...sender, url: 'https://sauce.example:8443/connect/extension' }],
    ['another scheme', { ...sender, url: 'http://sauce.example/connect/extension' }],
    ['no address', { ...sender, url: undefined }],
    ['another extension', { ...sender, id: 'ponmlkjihgfedcbaponmlkjihgfedcba' }],
  ])('refuses %s', (_, from) => {
    expect(isConnectSender(pending, CHALLENGE, from, ID, NOW)).toBe(false);
  });

  it('refuses another challenge (a link someone else made, shown in the connect tab), a lapsed or no connection', () => {
    expect(isConnectSender(pending, 'X'.repeat(43), sender, ID, NOW)).toBe(false);
    expect(isConnectSender(pending, CHALLENGE, sender, ID, pending.until + 1)).toBe(false);
    expect(isConnectSender(undefined, CHALLENGE, sender, ID, NOW)).toBe(false);
    expect(isConnectSender({ ...pending, tabId: undefined }, CHALLENGE, sender, ID, NOW)).toBe(false);
  });
});

describe('the connect bridge in the page', () => {
  let remove = () => {};
  afterEach(() => {
    remove();
    vi.restoreAllMocks();
  });

  /** Installs the bridge on this window with `ask`; returns what it posts to the page. */
  function bridge(ask: (r: BridgeRequest) => Promise<BridgeReply>) {
    const posted: { message: unknown; target: string }[] = [];
    vi.spyOn(window, 'postMessage').mockImplementation(((message: unknown, target: string) => void posted.push({ message, target })) as typeof window.postMessage);
    remove = installConnectBridge(window, ask);
    return posted;
  }
  const fromPage = (data: unknown, init: { origin?: string; source?: Window | null } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: init.origin ?? location.origin, source: init.source === undefined ? window : init.source }));
  const hello = { channel: CONNECT_CHANNEL, from: 'page', kind: 'hello', challenge: CHALLENGE };
  const code = { channel: CONNECT_CHANNEL, from: 'page', kind: 'code', challenge: CHALLENGE, code: 'c'.repeat(43) };

  it('passes hello and the code to the background and posts its answers to the page’s origin only', async () => {
    const ask = vi.fn(async (r: BridgeRequest): Promise<BridgeReply> => (r.type === 'connectHello' ? { ok: true, value: true } : { ok: true, value: {} }));
    const posted = bridge(ask);
    fromPage(hello);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ target: location.origin, message: { channel: CONNECT_CHANNEL, from: 'extension', kind: 'hello', challenge: CHALLENGE, waiting: true } });
    fromPage(code);
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(ask).toHaveBeenLastCalledWith({ type: 'connectCode', challenge: CHALLENGE, code: code.code });
    expect(posted[1]!.message).toEqual({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'result', challenge: CHALLENGE, connected: true });
  });

  it('says not waiting / not connected when the background refuses or does not answer', async () => {
    const ask = vi.fn(async (): Promise<BridgeReply> => ({ ok: false, code: 'NOT_WAITING', message: 'no' }));
    const posted = bridge(ask);
    fromPage(hello);
    fromPage(code);
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map((p) => p.message)).toEqual([
      expect.objectContaining({ kind: 'hello', waiting: false }),
      expect.objectContaining({ kind: 'result', connected: false }),
    ]);
  });

  it('passes one code at a time: repeats while one is on its way are dropped, a retry after a failure goes', async () => {
    let release: (r: BridgeReply) => void = () => {};
    const ask = vi.fn(() => new Promise<BridgeReply>((r) => (release = r)));
    const posted = bridge(ask);
    fromPage(code);
    fromPage(code);
    fromPage(code);
    expect(ask).toHaveBeenCalledTimes(1);
    release({ ok: false, code: 'NETWORK', message: 'down' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    fromPage(code);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('ignores messages from other windows or origins, and anything not a connect message of the page', async () => {
    const ask = vi.fn(async (): Promise<BridgeReply> => ({ ok: true, value: true }));
    bridge(ask);
    fromPage(hello, { origin: 'https://evil.example' });
    fromPage(hello, { source: null });
    fromPage({ ...hello, from: 'extension' });
    fromPage({ ...code, code: 42 });
    fromPage({ ...hello, channel: 'other' });
    fromPage('hello');
    await new Promise((r) => setTimeout(r, 10));
    expect(ask).not.toHaveBeenCalled();
  });
});
