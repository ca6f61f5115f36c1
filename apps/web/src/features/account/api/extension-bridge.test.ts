import { CONNECT_CHANNEL } from '@sauce/contract/connect';
import { afterEach, describe, expect, it } from 'vitest';
import { askExtension, handToExtension } from './extension-bridge.ts';

/** Issue #28 item 5: the connect page listens only to the extension's bridge in its own window, for its own challenge. */

const CHALLENGE = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const answer = (data: unknown, init: { origin?: string; source?: Window | null } = {}) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin: init.origin ?? location.origin, source: init.source === undefined ? window : init.source }));
const hello = (challenge: string, waiting: boolean) => ({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'hello', challenge, waiting });

let stop = () => {};
afterEach(() => stop());

/** Answers every page message of `kind` with what `reply` makes (after the listeners of the test ran). */
function onPage(kind: string, reply: () => void) {
  const listener = (e: MessageEvent) => {
    if ((e.data as { from?: string; kind?: string })?.from === 'page' && (e.data as { kind?: string }).kind === kind) queueMicrotask(reply);
  };
  window.addEventListener('message', listener);
  stop = () => window.removeEventListener('message', listener);
}

describe('the connect page’s side of the bridge', () => {
  it('takes the answer of its own window, origin and challenge only', async () => {
    onPage('hello', () => {
      answer(hello(CHALLENGE, true), { origin: 'https://evil.example' });
      answer(hello(CHALLENGE, true), { source: null });
      answer(hello('X'.repeat(43), true));
      answer({ ...hello(CHALLENGE, true), from: 'page' });
      answer(hello(CHALLENGE, false));
    });
    expect(await askExtension(window, CHALLENGE, 1_000)).toBe(false);
  });

  it('is null when no extension answers in time', async () => {
    expect(await askExtension(window, CHALLENGE, 50)).toBeNull();
    expect(await handToExtension(window, CHALLENGE, 'c'.repeat(43), 50)).toBeNull();
  });

  it('hands the code and takes the result', async () => {
    const codes: string[] = [];
    const listener = (e: MessageEvent) => {
      const m = e.data as { from?: string; kind?: string; code?: string };
      if (m?.from === 'page' && m.kind === 'code') {
        codes.push(m.code!);
        queueMicrotask(() => answer({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'result', challenge: CHALLENGE, connected: true }));
      }
    };
    window.addEventListener('message', listener);
    stop = () => window.removeEventListener('message', listener);
    expect(await handToExtension(window, CHALLENGE, 'c'.repeat(43), 1_000)).toBe(true);
    expect(codes[0]).toBe('c'.repeat(43));
  });
});
