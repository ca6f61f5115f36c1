import { LIMITS } from '@sauce/contract/limits';
import { useSyncExternalStore } from 'react';

/**
 * Drafts (SPEC §3 Draft type, §4 Archive creation, §5): one unsaved source per workspace,
 * kept in the browser's local storage under `sauce:draft:<workspaceId>`. An image draft
 * names its images by upload id (the files stay on the server), so drafts stay small;
 * one over 5,000,000 bytes of UTF-8 JSON is refused (SPEC §5, §9).
 */

/** A comment of an image draft: `id` is a saved comment's id or a client key; `parent` names a top-level one. */
export interface DraftComment {
  id: string | number;
  message: string;
  x: number;
  y: number;
  parent: string | number | null;
}

export interface TextDraft {
  type: 'TEXT';
  title: string;
  text: string;
  link: string | null;
  tagSet: string[];
  folderSet: number[];
  /** ISO 8601 time of the save. */
  savedAt: string;
}

export interface ImageDraft {
  type: 'IMAGE';
  title: string;
  /** Uploaded images in order, by upload id, with what a card needs before the editor loads them. */
  images: { id: number; width: number; height: number; color: string; comments: DraftComment[] }[];
  tagSet: string[];
  folderSet: number[];
  savedAt: string;
}

export type Draft = TextDraft | ImageDraft;

/** The draft is over LIMITS.draftBytes, or the browser's storage is full: it was not saved. */
export class DraftTooLargeError extends Error {
  /**
   * @param reason 'size': the draft is over LIMITS.draftBytes; 'storage-full': the browser's
   *   storage has no room left, whatever the draft's size (issue #31 item 14: it was told
   *   the draft was over 5 MB).
   */
  constructor(
    readonly reason: 'size' | 'storage-full' = 'size',
    message = 'Temporary save capacity exceeded.',
  ) {
    super(message);
    this.name = 'DraftTooLargeError';
  }
}

const PREFIX = 'sauce:draft:';
const keyOf = (workspaceId: number) => `${PREFIX}${workspaceId}`;

// ---------------------------------------------------------------------------------------
// Reading: anything that is not a well-formed draft counts as none
// ---------------------------------------------------------------------------------------

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isId = (v: unknown): v is string | number => isString(v) || isNumber(v);
const isArrayOf = <T>(v: unknown, item: (x: unknown) => x is T): v is T[] => Array.isArray(v) && v.every(item);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isComment = (v: unknown): v is DraftComment =>
  isObject(v) &&
  isId(v.id) &&
  isString(v.message) &&
  isNumber(v.x) &&
  isNumber(v.y) &&
  (v.parent === null || isId(v.parent));

const isDraftImage = (v: unknown): v is ImageDraft['images'][number] =>
  isObject(v) && isNumber(v.id) && isNumber(v.width) && isNumber(v.height) && isString(v.color) && isArrayOf(v.comments, isComment);

function isDraft(v: unknown): v is Draft {
  if (!isObject(v) || !isString(v.title) || !isString(v.savedAt)) return false;
  if (!isArrayOf(v.tagSet, isString) || !isArrayOf(v.folderSet, isNumber)) return false;
  if (v.type === 'TEXT') return isString(v.text) && (v.link === null || isString(v.link));
  if (v.type === 'IMAGE') return isArrayOf(v.images, isDraftImage);
  return false;
}

function parse(raw: string | null): Draft | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

function readRaw(workspaceId: number): string | null {
  try {
    return localStorage.getItem(keyOf(workspaceId));
  } catch {
    // Storage disabled (privacy settings): no drafts.
    return null;
  }
}

/** The workspace's draft; null when there is none or it is corrupt or of an unknown shape. */
export function loadDraft(workspaceId: number): Draft | null {
  return parse(readRaw(workspaceId));
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function isQuotaError(e: unknown): boolean {
  if (!(e instanceof Error) && !(typeof DOMException !== 'undefined' && e instanceof DOMException)) return false;
  const { name, code } = e as DOMException;
  // Chrome/Safari name it QuotaExceededError (code 22); older Firefox NS_ERROR_DOM_QUOTA_REACHED (1014).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/**
 * Saves the workspace's draft, replacing the one there.
 * @throws DraftTooLargeError when its UTF-8 JSON is over LIMITS.draftBytes or local storage
 *   is full; the stored draft is then left as it was.
 */
export function saveDraft(workspaceId: number, draft: Draft): void {
  const json = JSON.stringify(draft);
  if (new TextEncoder().encode(json).length > LIMITS.draftBytes) throw new DraftTooLargeError('size');
  try {
    localStorage.setItem(keyOf(workspaceId), json);
  } catch (e) {
    // A failed setItem leaves the old value in place.
    if (isQuotaError(e)) throw new DraftTooLargeError('storage-full');
    throw e;
  }
  notify();
}

/** Removes the workspace's draft (after the source is saved, or 'Start new'). */
export function clearDraft(workspaceId: number): void {
  try {
    localStorage.removeItem(keyOf(workspaceId));
  } catch {
    return;
  }
  notify();
}

// ---------------------------------------------------------------------------------------
// Subscribing
// ---------------------------------------------------------------------------------------

/** Last value read per workspace, so an unchanged draft keeps its identity between renders. */
const cache = new Map<number, { raw: string | null; draft: Draft | null }>();

function snapshot(workspaceId: number): Draft | null {
  const raw = readRaw(workspaceId);
  const hit = cache.get(workspaceId);
  if (hit && hit.raw === raw) return hit.draft;
  const draft = parse(raw);
  cache.set(workspaceId, { raw, draft });
  return draft;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Other tabs: the storage event (key null when storage was cleared).
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The workspace's draft, kept current: re-renders when it is saved or cleared in this tab
 * or another. Null without a workspace, a draft, or a readable one.
 */
export function useDraft(workspaceId: number | undefined): Draft | null {
  return useSyncExternalStore(
    subscribe,
    () => (workspaceId === undefined ? null : snapshot(workspaceId)),
    () => null,
  );
}
