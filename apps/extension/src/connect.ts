import { CONNECT_CHANNEL, readPageMessage, type ConnectExtensionMessage } from '@sauce/contract/connect';
import type { Settings } from './settings.ts';

/*
 * Issue #28 item 5: connecting hands the token to this extension, never to whoever holds a
 * link. The extension makes a verifier, opens its Sauce server's connect page with the
 * challenge in a tab of its own, and runs the connect bridge (entrypoints/connect-bridge.ts)
 * in that tab only. After Allow, the page hands the grant's one-time code to the bridge; the
 * background checks that it came from that tab, on that server, for its own challenge, and
 * trades the code with its verifier. Someone who made a link (and holds its verifier) never
 * sees the code: a page opened from their link has no bridge, and the code stays in the page.
 */

/** What the bridge asks the background (runtime messages, from the connect tab only). */
export type BridgeRequest = { type: 'connectHello'; challenge: string } | { type: 'connectCode'; challenge: string; code: string };

/** The background's answer to a bridge request (messages.ts Reply), or undefined when none came. */
export type BridgeReply = { ok: true; value: unknown } | { ok: false; code: string; message: string } | undefined;

/** The parts of a runtime message's sender the check reads (browser.runtime.MessageSender). */
export interface ConnectSender {
  id?: string;
  url?: string;
  frameId?: number;
  tab?: { id?: number };
}

/**
 * Whether a bridge request about `challenge` is the extension's own pending connection: it
 * came from this extension (`sender.id` is `extensionId`), from the top frame of the very tab
 * the extension opened for connecting, whose address is on the pending server's origin, and
 * names the pending challenge, which has not lapsed (`now` and `pending.until` in ms).
 */
export function isConnectSender(
  pending: Settings['pending'],
  challenge: string,
  sender: ConnectSender,
  extensionId: string,
  now = Date.now(),
): boolean {
  if (!pending || pending.tabId === undefined || now > pending.until) return false;
  if (sender.id !== extensionId || sender.frameId !== 0 || sender.tab?.id !== pending.tabId) return false;
  let origin: string;
  try {
    origin = new URL(sender.url ?? '').origin;
  } catch {
    return false;
  }
  return origin === pending.server && challenge === pending.challenge;
}

/**
 * The connect bridge, run in the connect tab: passes the page's CONNECT_CHANNEL messages —
 * posted by the page itself, on its own origin — to the background through `ask`, and posts
 * the answers back to the page (to its origin only). A code is passed on once at a time; a
 * failed one may be tried again.
 * @param win the page's window.
 * @param ask sends a request to the background (browser.runtime.sendMessage).
 * @returns a function that removes the bridge.
 */
export function installConnectBridge(win: Window, ask: (request: BridgeRequest) => Promise<BridgeReply>): () => void {
  let passing = false;
  const answer = (message: ConnectExtensionMessage) => win.postMessage(message, win.location.origin);
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const message = readPageMessage(event.data);
    if (!message) return;
    const { challenge } = message;
    if (message.kind === 'hello') {
      void ask({ type: 'connectHello', challenge }).then(
        (reply) => answer({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'hello', challenge, waiting: reply?.ok === true && reply.value === true }),
        () => answer({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'hello', challenge, waiting: false }),
      );
      return;
    }
    if (passing) return;
    passing = true;
    void ask({ type: 'connectCode', challenge, code: message.code })
      .then(
        (reply) => reply?.ok === true,
        () => false,
      )
      .then((connected) => {
        passing = false;
        answer({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'result', challenge, connected });
      });
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
