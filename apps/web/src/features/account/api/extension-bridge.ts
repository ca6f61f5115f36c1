import { CONNECT_CHANNEL, readExtensionMessage, type ConnectExtensionMessage, type ConnectPageMessage } from '@sauce/contract/connect';

/*
 * Issue #28 item 5: the connect page talks to the Sauce extension's connect bridge, which the
 * extension runs only in the tab it opened for connecting (apps/extension/src/connect.ts).
 * Messages go by `window.postMessage` to this page's own origin; a page opened from a link
 * someone sent has no bridge, so nobody answers and the code stays here.
 */

/** How long the page looks for the bridge, and how often it says hello, ms. */
export const HELLO_TIMEOUT_MS = 5_000;
const HELLO_EVERY_MS = 300;
/** How long the page waits for the extension to trade the code (a request or two to the server), and how often it hands it, ms. */
export const CODE_TIMEOUT_MS = 20_000;
const CODE_EVERY_MS = 500;

/**
 * Posts `message` every `everyMs` until the bridge answers what `read` accepts (not undefined),
 * or `timeoutMs` pass (null). Only messages from this window, on its own origin, count.
 */
function talk<T>(win: Window, message: ConnectPageMessage, read: (m: ConnectExtensionMessage) => T | undefined, timeoutMs: number, everyMs: number) {
  return new Promise<T | null>((resolve) => {
    const origin = win.location.origin;
    const finish = (value: T | null) => {
      win.removeEventListener('message', onMessage);
      win.clearInterval(repeat);
      win.clearTimeout(timeout);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== origin) return;
      const answer = readExtensionMessage(event.data);
      if (!answer || answer.challenge !== message.challenge) return;
      const value = read(answer);
      if (value !== undefined) finish(value);
    };
    win.addEventListener('message', onMessage);
    const post = () => win.postMessage(message, origin);
    const repeat = win.setInterval(post, everyMs);
    const timeout = win.setTimeout(() => finish(null), timeoutMs);
    post();
  });
}

/**
 * Whether the extension that opened this tab waits for `challenge`: true; false when its
 * bridge answers that it does not (it started another connection, or none); null when no
 * bridge answers within `timeoutMs` (the tab was not opened by the extension — a link someone
 * sent — or no Sauce extension runs in this browser).
 */
export function askExtension(win: Window, challenge: string, timeoutMs = HELLO_TIMEOUT_MS): Promise<boolean | null> {
  return talk(
    win,
    { channel: CONNECT_CHANNEL, from: 'page', kind: 'hello', challenge },
    (m) => (m.kind === 'hello' ? m.waiting : undefined),
    timeoutMs,
    HELLO_EVERY_MS,
  );
}

/**
 * Hands the grant's one-time `code` to the extension's bridge for `challenge`: true once the
 * extension says it traded it for its token; false when it could not; null when no bridge
 * answers within `timeoutMs`.
 */
export function handToExtension(win: Window, challenge: string, code: string, timeoutMs = CODE_TIMEOUT_MS): Promise<boolean | null> {
  return talk(
    win,
    { channel: CONNECT_CHANNEL, from: 'page', kind: 'code', challenge, code },
    (m) => (m.kind === 'result' ? m.connected : undefined),
    timeoutMs,
    CODE_EVERY_MS,
  );
}
