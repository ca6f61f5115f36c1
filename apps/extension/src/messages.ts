import type { BridgeRequest } from './connect.ts';

/** What the popup (and the connect bridge, src/connect.ts) asks the background (runtime messages), and what it answers. */
export type Message =
  | BridgeRequest
  | { type: 'state' }
  | { type: 'connect'; server: string }
  | { type: 'cancelConnect' }
  | { type: 'disconnect' }
  | { type: 'tray'; tabId: number }
  | { type: 'trayRemove'; tabId: number; id: string }
  | { type: 'addVisible'; tabId: number; windowId: number }
  | { type: 'addRegion'; tabId: number; windowId: number }
  /** An image of the page by its address (what 'Save image to Sauce' does). */
  | { type: 'addImage'; tabId: number; srcUrl: string }
  | { type: 'save'; tabId: number; windowId: number; fields: SaveFields }
  /** From the snapshotter in a page: a resource the page's own fetch could not read (another origin without CORS). */
  | { type: 'fetchResource'; url: string; maxBytes: number };

/** The popup's form, as the capture endpoint takes it. */
export interface SaveFields {
  workspace: number;
  title: string;
  link: string;
  text: string;
  tagSet: string[];
  folderSet: number[];
}

/** The background's state as the popup shows it. */
export interface State {
  server: string;
  connected: boolean;
  nickname: string | null;
  /** The code of a connection waiting to be allowed. */
  pendingCode: string | null;
}

/** An image waiting to be saved from a tab. */
export interface TrayImage {
  id: string;
  dataUrl: string;
}

/** What a save made. */
export interface Saved {
  id: number;
  type: 'TEXT' | 'IMAGE';
  url: string;
}

/** An answer: the value, or the error's code and message. */
export type Reply<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

/** Sends `message` to the background and unwraps its reply. */
export async function ask<T>(message: Message): Promise<T> {
  const reply = (await browser.runtime.sendMessage(message)) as Reply<T> | undefined;
  if (!reply) throw Object.assign(new Error('No answer'), { code: 'NO_ANSWER' });
  if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code });
  return reply.value;
}
