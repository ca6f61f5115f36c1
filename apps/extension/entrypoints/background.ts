import { challengeCode } from '@sauce/contract/connect';
import { LIMITS } from '@sauce/contract/limits';
import { SauceApiError, sauceCall } from '../src/api.ts';
import { blobToDataUrl, cropScreenshot, dataUrlToBlob, type Region } from '../src/data-url.ts';
import type { Message, Reply, Saved, SaveFields, State, TrayImage } from '../src/messages.ts';
import { isConnectSender, type ConnectSender } from '../src/connect.ts';
import { challengeOf, makeVerifier } from '../src/pkce.ts';
import { browserName, loadSettings, saveSettings } from '../src/settings.ts';

/** How long a connection waits to be allowed, ms (the server keeps a grant 10 minutes). */
const CONNECT_TTL_MS = LIMITS.tokenGrantTtlMs;

const trayKey = (tabId: number) => `tray:${tabId}`;

async function readTray(tabId: number): Promise<TrayImage[]> {
  const got = (await browser.storage.local.get(trayKey(tabId))) as Record<string, TrayImage[] | undefined>;
  return got[trayKey(tabId)] ?? [];
}

async function writeTray(tabId: number, images: TrayImage[]) {
  if (images.length === 0) await browser.storage.local.remove(trayKey(tabId));
  else await browser.storage.local.set({ [trayKey(tabId)]: images });
  await browser.action.setBadgeText({ tabId, text: images.length ? String(images.length) : '' }).catch(() => undefined);
}

/**
 * Adds an image to the tab's tray (SPEC §9: at most 10 in one source).
 * @throws code LIMIT_REACHED past 10.
 */
async function addToTray(tabId: number, dataUrl: string) {
  const images = await readTray(tabId);
  if (images.length >= LIMITS.imagesPerSauce) throw new SauceApiError(422, 'LIMIT_REACHED', browser.i18n.getMessage('imageLimit'));
  await writeTray(tabId, [...images, { id: crypto.randomUUID(), dataUrl }]);
}

/** Opens the popup again after a context-menu or region action, where the browser allows it. */
const reopenPopup = () => (browser.action.openPopup?.() ?? Promise.resolve()).catch(() => undefined);

// ---------------------------------------------------------------------------------------
// Connecting (issue #20; issue #28 item 5): PKCE-style, completed by a one-time code. The
// verifier never leaves the extension until it is traded for the token; the web page sees
// only the challenge, and after Allow hands the grant's code to the connect bridge this
// extension runs in the tab it opened (src/connect.ts). The code goes to nobody else.
// ---------------------------------------------------------------------------------------

/** The pending connection, or undefined (a lapsed one is forgotten). */
async function pendingConnection() {
  const { pending } = await loadSettings();
  if (pending && Date.now() > pending.until) {
    await saveSettings({ pending: undefined });
    return undefined;
  }
  return pending;
}

/** Runs the connect bridge in the connect tab (once its page has loaded on the server's origin). */
async function injectBridge(tabId: number) {
  await browser.scripting.executeScript({ target: { tabId }, files: ['/connect-bridge.js'] }).catch(() => undefined);
}

/** A tab finished loading: the connect tab on the pending server's origin gets the bridge (again, after a sign-in's redirects). */
async function onTabLoaded(tabId: number, url: string | undefined) {
  const pending = await pendingConnection();
  if (!pending || pending.tabId !== tabId || !url) return;
  let origin = '';
  try {
    origin = new URL(url).origin;
  } catch {
    return;
  }
  if (origin === pending.server) await injectBridge(tabId);
}

async function state(): Promise<State> {
  const s = await loadSettings();
  const pending = s.pending && Date.now() <= s.pending.until ? s.pending : undefined;
  return {
    server: s.server,
    connected: !!s.token,
    nickname: s.nickname ?? null,
    pendingCode: pending ? challengeCode(pending.challenge) : null,
  };
}

async function connect(server: string): Promise<State> {
  const verifier = makeVerifier();
  const challenge = await challengeOf(verifier);
  const until = Date.now() + CONNECT_TTL_MS;
  await saveSettings({ server, pending: { verifier, challenge, server, until } });
  const url = `${server}/connect/extension?${new URLSearchParams({ challenge, browser: browserName() })}`;
  const tab = await browser.tabs.create({ url });
  await saveSettings({ pending: { verifier, challenge, server, until, tabId: tab.id } });
  // Loaded before the tab was known: the bridge goes in now.
  const now = tab.id === undefined ? null : await browser.tabs.get(tab.id).catch(() => null);
  if (now?.id !== undefined && now.status === 'complete') await onTabLoaded(now.id, now.url);
  return state();
}

/**
 * The connect page asks whether the extension waits for `challenge` (before it offers Allow),
 * or hands it the grant's code (after): only from the connect tab, for the pending challenge
 * (isConnectSender). The code is traded with the verifier for the token.
 * @throws code NOT_WAITING for anything else; the server's error when the exchange fails.
 */
async function onConnectMessage(message: Extract<Message, { type: 'connectHello' | 'connectCode' }>, sender: ConnectSender): Promise<unknown> {
  const pending = await pendingConnection();
  const ours = isConnectSender(pending, message.challenge, sender, browser.runtime.id);
  if (message.type === 'connectHello') return ours;
  if (!ours || !pending) throw new SauceApiError(400, 'NOT_WAITING', 'This extension is not waiting for this connection.');
  const created = await sauceCall(pending.server, null, 'POST /auth/tokens/exchange', {
    body: { verifier: pending.verifier, code: message.code },
  });
  const profile = await sauceCall(pending.server, created.token, 'GET /auth/profile');
  await saveSettings({ server: pending.server, token: created.token, tokenId: created.id, nickname: profile.nickname, pending: undefined });
  return state();
}

/** Revokes the token (its own right, DELETE /auth/tokens/{id}) and forgets it. */
async function disconnect(): Promise<State> {
  const s = await loadSettings();
  if (s.token && s.tokenId) {
    await sauceCall(s.server, s.token, 'DELETE /auth/tokens/:id', { params: { id: s.tokenId } }).catch(() => undefined);
  }
  await saveSettings({ token: undefined, tokenId: undefined, nickname: undefined, pending: undefined });
  return state();
}

// ---------------------------------------------------------------------------------------
// Reading the page: snapshot, screenshot, region, an image with the page's own access
// ---------------------------------------------------------------------------------------

/** The page as self-contained HTML (entrypoints/snapshot.ts in the page), or null when it cannot be read. */
async function snapshotOf(tabId: number): Promise<string | null> {
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId }, files: ['/snapshot.js'] });
    const html = result?.result;
    return typeof html === 'string' && html.length > 0 ? html : null;
  } catch {
    return null;
  }
}

const screenshotOf = (windowId: number) => browser.tabs.captureVisibleTab(windowId, { format: 'png' });

/**
 * An image of the page by its address, read as the page reads it: in the page (its cookies,
 * its `blob:` URLs), else by the extension (a CDN answering CORS).
 */
async function imageOf(tabId: number, src: string): Promise<string | null> {
  try {
    const [result] = await browser.scripting.executeScript({
      target: { tabId },
      args: [src, LIMITS.imageBytes],
      func: async (url: string, max: number) => {
        const res = await fetch(url, { credentials: 'include' });
        if (!res.ok) return null;
        const blob = await res.blob();
        if (blob.size > max || !blob.type.startsWith('image/')) return null;
        return new Promise<string | null>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
          reader.onerror = () => resolve(null);
          reader.readAsDataURL(blob);
        });
      },
    });
    if (typeof result?.result === 'string') return result.result;
  } catch {
    // the page cannot be scripted, or its fetch was refused
  }
  try {
    const res = await fetch(src, { credentials: 'omit' });
    const blob = await res.blob();
    return res.ok && blob.type.startsWith('image/') && blob.size <= LIMITS.imageBytes ? blobToDataUrl(blob) : null;
  } catch {
    return null;
  }
}

/**
 * A resource of a page being saved, read by the extension (its host permission lets it read
 * another origin's style sheet, font or image with the person's cookies, as the page showed
 * it): a `data:` URL, or null past `maxBytes` (at most LIMITS.imageBytes) or on failure.
 */
async function fetchResource(url: string, maxBytes: number): Promise<string | null> {
  if (!/^https?:/i.test(url)) return null;
  try {
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) return null;
    const blob = await res.blob();
    return blob.size <= Math.min(maxBytes, LIMITS.imageBytes) ? blobToDataUrl(blob) : null;
  } catch {
    return null;
  }
}

/**
 * 'Save image to Sauce': the image at `srcUrl`, read with the page's access, joins the tab's tray.
 * @throws code IMAGE_UNREADABLE when it cannot be read; LIMIT_REACHED past 10.
 */
async function addImage(tabId: number, srcUrl: string) {
  const data = await imageOf(tabId, srcUrl);
  if (!data) throw new SauceApiError(400, 'IMAGE_UNREADABLE', browser.i18n.getMessage('imageUnreadable'));
  await addToTray(tabId, data);
}

async function addRegion(tabId: number, windowId: number) {
  const [result] = await browser.scripting.executeScript({ target: { tabId }, files: ['/region.js'] });
  const region = result?.result as Region | null | undefined;
  if (!region) return;
  await addToTray(tabId, await cropScreenshot(await screenshotOf(windowId), region));
  await reopenPopup();
}

// ---------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------

/**
 * Saves the tab: POST /archive/sauce/{workspace}/capture with the form, the snapshot of the
 * page, a screenshot of the visible area and the tray's images (an image source then).
 */
async function save(tabId: number, windowId: number, fields: SaveFields): Promise<Saved> {
  const s = await loadSettings();
  if (!s.token) throw new SauceApiError(401, 'UNAUTHENTICATED', browser.i18n.getMessage('unauthorized'));
  const [snapshot, screenshot, tray] = await Promise.all([snapshotOf(tabId), screenshotOf(windowId).catch(() => null), readTray(tabId)]);
  const form = new FormData();
  form.set('title', fields.title);
  if (fields.link) form.set('link', fields.link);
  if (fields.text) form.set('text', fields.text);
  form.set('tagSet', JSON.stringify(fields.tagSet));
  form.set('folderSet', JSON.stringify(fields.folderSet));
  if (snapshot) form.set('snapshot', new Blob([snapshot], { type: 'text/html' }), 'page.html');
  if (screenshot) form.set('screenshot', await dataUrlToBlob(screenshot), 'screenshot.png');
  for (const [i, image] of tray.entries()) {
    const blob = await dataUrlToBlob(image.dataUrl);
    form.append('image', blob, `image-${i + 1}.${blob.type.split('/')[1] ?? 'png'}`);
  }
  try {
    const sauce = await sauceCall(s.server, s.token, 'POST /archive/sauce/:workspace/capture', { params: { workspace: fields.workspace }, body: form });
    await writeTray(tabId, []);
    await saveSettings({ lastSpace: fields.workspace });
    const path = sauce.type === 'TEXT' ? '/archive/text' : '/archive/image';
    return { id: sauce.id, type: sauce.type, url: `${s.server}${path}?${new URLSearchParams({ sauceId: String(sauce.id), archiveType: sauce.type })}` };
  } catch (e) {
    // A revoked token: forget it, so the popup offers to connect again.
    if (e instanceof SauceApiError && e.status === 401) await saveSettings({ token: undefined, tokenId: undefined, nickname: undefined });
    throw e;
  }
}

async function handle(message: Message, sender: ConnectSender): Promise<unknown> {
  switch (message.type) {
    case 'connectHello':
    case 'connectCode':
      return onConnectMessage(message, sender);
    case 'state':
      return state();
    case 'connect':
      return connect(message.server);
    case 'cancelConnect':
      await saveSettings({ pending: undefined });
      return state();
    case 'disconnect':
      return disconnect();
    case 'tray':
      return readTray(message.tabId);
    case 'trayRemove':
      await writeTray(message.tabId, (await readTray(message.tabId)).filter((i) => i.id !== message.id));
      return readTray(message.tabId);
    case 'addVisible':
      await addToTray(message.tabId, await screenshotOf(message.windowId));
      return readTray(message.tabId);
    case 'addImage':
      await addImage(message.tabId, message.srcUrl);
      return readTray(message.tabId);
    case 'addRegion':
      await addRegion(message.tabId, message.windowId);
      return readTray(message.tabId);
    case 'save':
      return save(message.tabId, message.windowId, message.fields);
    case 'fetchResource':
      return fetchResource(message.url, message.maxBytes);
  }
}

const MENU_IMAGE = 'sauce-save-image';

function createMenus() {
  void browser.contextMenus.removeAll().then(() =>
    browser.contextMenus.create({ id: MENU_IMAGE, title: browser.i18n.getMessage('saveImage'), contexts: ['image'] }),
  );
}

export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(createMenus);
  browser.runtime.onStartup.addListener(createMenus);
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== MENU_IMAGE || !tab?.id || !info.srcUrl) return;
    const tabId = tab.id;
    void addImage(tabId, info.srcUrl)
      .then(reopenPopup)
      .catch(() => browser.action.setBadgeText({ tabId, text: '!' }).catch(() => undefined));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void browser.storage.local.remove(trayKey(tabId));
    // The connect tab closed: its connection can no longer be completed.
    void pendingConnection().then((pending) => (pending?.tabId === tabId ? saveSettings({ pending: undefined }) : undefined));
  });
  browser.tabs.onUpdated.addListener((tabId, info, tab) => {
    if (info.status === 'complete') void onTabLoaded(tabId, tab.url);
  });
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (reply: Reply<unknown>) => void) => {
    handle(message as Message, sender).then(
      (value) => sendResponse({ ok: true, value }),
      (e: unknown) => sendResponse({ ok: false, code: (e as { code?: string }).code ?? 'ERROR', message: (e as Error).message }),
    );
    return true;
  });
});
