import { queryClient } from './query-client.ts';
import { useAppStore } from '../state/app-store.ts';

/**
 * Opens the sign-in modal (SPEC §2 Authentication). `preventClose` on protected pages: no
 * close button, Escape and outside clicks do nothing.
 */
export function openSignIn(preventClose = false) {
  useAppStore.getState().set({ login: { open: true, preventClose } });
}

export function closeSignIn() {
  useAppStore.getState().set({ login: { open: false, preventClose: false } });
}

/**
 * After any sign-in (SPEC §4): the previous person's selection goes, every query is reset
 * and refetched with the new session, and the modal closes; the page stays where it is
 * (the destination).
 */
export async function completeSignIn() {
  useAppStore.getState().reset();
  await queryClient.resetQueries();
}
