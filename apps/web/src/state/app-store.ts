import { create } from 'zustand';

export type Mode = 'VIEW' | 'IMAGE' | 'TEXT';
export interface Toast {
  id: number;
  message: string;
  kind: 'success' | 'error' | 'info';
}

/** The SPEC §4 global state, and nothing else global. */
export interface AppState {
  /** Selected folder id; null means 'all'. */
  selectedFolder: number | null;
  selectedWorkspaceId: number | null;
  /** Selected article category; -1 is 'all articles' (SPEC §3 Category). */
  selectedCategory: number;
  searchParams: { folder?: string; title?: string; tag?: string };
  tagFilter: string[];
  mode: Mode;
  isDraftMode: boolean;
  sidebarOpen: boolean;
  toasts: Toast[];
  loading: boolean;
  /** Sign-in modal: open flag, whether it may be closed, where to go after. */
  login: { open: boolean; preventClose: boolean };
  set: (patch: Partial<Omit<AppState, 'set'>>) => void;
  /** SPEC §4 Tag filter: adds a tag only if it is absent. */
  addTagFilter: (tag: string) => void;
  /** SPEC §4 Logout: clears workspace and selection, resets state. */
  reset: () => void;
}

const initial = {
  selectedFolder: null,
  selectedWorkspaceId: null,
  selectedCategory: -1,
  searchParams: {},
  tagFilter: [],
  mode: 'VIEW' as Mode,
  isDraftMode: false,
  sidebarOpen: true,
  toasts: [],
  loading: false,
  login: { open: false, preventClose: false },
};

export const useAppStore = create<AppState>()((set) => ({
  ...initial,
  set: (patch) => set(patch),
  addTagFilter: (tag) => set((s) => (s.tagFilter.includes(tag) ? s : { tagFilter: [...s.tagFilter, tag] })),
  reset: () => set({ ...initial }),
}));

let toastId = 0;
/** Shows a toast that hides after 2 s (SPEC §9). */
export function showToast(message: string, kind: Toast['kind'] = 'info') {
  const id = ++toastId;
  useAppStore.setState((s) => ({ toasts: [...s.toasts, { id, message, kind }] }));
  setTimeout(() => useAppStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), 2000);
}
