import { installConnectBridge, type BridgeReply } from '../src/connect.ts';

/**
 * Run by the background in the tab it opened for connecting, while that tab shows the Sauce
 * server's origin (issue #28 item 5): passes the connect page's messages — whether the
 * extension waits for its challenge, the grant's one-time code — to the background, and its
 * answers back. Installed once per page.
 */
export default defineUnlistedScript(() => {
  const marked = window as unknown as { __sauceConnectBridge?: true };
  if (marked.__sauceConnectBridge) return;
  marked.__sauceConnectBridge = true;
  installConnectBridge(window, (request) => browser.runtime.sendMessage(request) as Promise<BridgeReply>);
});
