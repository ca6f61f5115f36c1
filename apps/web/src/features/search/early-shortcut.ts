import { COOKIES } from '@sauce/contract/http';
import { readCookie } from '../../lib/api.ts';

/**
 * Issue #31 item 6: ⌘K / Ctrl+K pressed before the header's search has loaded (its chunk
 * comes after the session is known, a second or two on a slow machine) was lost — and a real
 * Chrome then opened its own search. {@link listenEarly}, called once at boot, takes the
 * shortcut from the first moment for a signed-in person (the session's script-readable
 * workspace cookie says one is likely): it keeps the browser from acting on it and remembers
 * it, and the launcher, once mounted, opens the palette ({@link takeEarlyPress}) and takes
 * the shortcut over ({@link launcherReady}). Signed out, the shortcut stays the browser's.
 * Kept free of React so that the first chunk stays small.
 */

/** True for the palette's shortcut: ⌘K or Ctrl+K (either, wherever: people use both). */
export const isPaletteShortcut = (e: KeyboardEvent) =>
  (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey && (e.key === 'k' || e.key === 'K' || e.code === 'KeyK');

let pressed = false;
let ready = false;

const likelySignedIn = () => !!readCookie(COOKIES.workspace);

function onKey(e: KeyboardEvent) {
  if (ready || e.repeat || !isPaletteShortcut(e) || !likelySignedIn()) return;
  e.preventDefault();
  pressed = true;
}

/** Starts listening for the shortcut before the launcher exists (once, at boot). */
export function listenEarly(): void {
  window.addEventListener('keydown', onKey);
}

/** Whether the shortcut was pressed before the launcher mounted (then forgets it). */
export function takeEarlyPress(): boolean {
  const was = pressed;
  pressed = false;
  return was;
}

/** The launcher listens now: the early listener stands aside (until it unmounts: `false`). */
export function launcherReady(isReady: boolean): void {
  ready = isReady;
  if (isReady) return;
  pressed = false;
}
