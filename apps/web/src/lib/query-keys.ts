import type { Permission } from '@sauce/contract/common';

// Query keys of every feature (ARCHITECTURE.md: key factories, never literals), kept in one
// module because features invalidate each other's queries (a source write changes folder
// counts and the space's status).

/**
 * Query keys of spaces (ARCHITECTURE.md: key factories, never literals). Everything about
 * one space starts with `byId(id)`, so invalidating it refreshes its detail, status and
 * invite links at once; `list()` is GET /workspace.
 */
export const workspaceKeys = {
  all: () => ['workspaces'] as const,
  list: () => ['workspaces', 'list'] as const,
  /** The person's space quota (GET /workspace/quota). */
  quota: () => ['workspaces', 'quota'] as const,
  byId: (id: number) => ['workspaces', id] as const,
  detail: (id: number) => ['workspaces', id, 'detail'] as const,
  status: (id: number) => ['workspaces', id, 'status'] as const,
  invitation: (id: number, permission: Permission) => ['workspaces', id, 'invitation', permission] as const,
  /** An invite link as the invited person sees it (GET /workspace/invitation/{id}). */
  invitationInfo: (invitationId: string) => ['invitations', invitationId] as const,
};

/** Query keys of folders (ARCHITECTURE.md: key factories, never literals). */
export const folderKeys = {
  /** The space's folder list (GET /archive/folder/{workspace}/list). */
  list: (workspaceId: number) => ['folders', workspaceId] as const,
};

/**
 * Query keys of public links (issue #32): a share's settings as its owner sees them — a
 * source's (`sauce`) or a folder's board (`board`) — and a board's pages as a visitor reads them.
 */
export const shareKeys = {
  state: (kind: 'sauce' | 'board', workspaceId: number, id: number) => ['share', kind, workspaceId, id] as const,
  board: (shareId: string) => ['board', shareId] as const,
};

/** Query keys of sources; every key starts with ['sauces', workspaceId]. */
export const sauceKeys = {
  all: (workspaceId: number) => ['sauces', workspaceId] as const,
  lists: (workspaceId: number) => ['sauces', workspaceId, 'list'] as const,
  detail: (workspaceId: number, id: number) => ['sauces', workspaceId, 'detail', id] as const,
};

/**
 * Query keys of articles (issue #10). Public lists start with `['articles', 'list']`; the
 * admin page's with `['articles', 'admin']`, so a curation write refreshes both.
 */
export const articleKeys = {
  all: () => ['articles'] as const,
  lists: () => ['articles', 'list'] as const,
  list: (filters: { category: number; search: string }) => ['articles', 'list', filters] as const,
  categories: () => ['articles', 'categories'] as const,
  detail: (id: number) => ['articles', 'detail', id] as const,
  admin: () => ['articles', 'admin'] as const,
  adminList: (filters: object) => ['articles', 'admin', 'list', filters] as const,
  feeds: () => ['articles', 'admin', 'feeds'] as const,
};

/**
 * Query keys of the person's own account (issue #8): profile figures, withdrawal preview,
 * imports, tag management and notices. The profile itself stays `['profile']`.
 */
export const accountKeys = {
  count: () => ['account', 'count'] as const,
  withdrawal: () => ['account', 'withdrawal'] as const,
  imports: () => ['account', 'imports'] as const,
  importJob: (id: number) => ['account', 'imports', id] as const,
  importSkips: (id: number) => ['account', 'imports', id, 'skipped'] as const,
  appConfig: () => ['app', 'config'] as const,
  /** Issue #20: the person's personal access tokens (GET /auth/tokens). */
  tokens: () => ['account', 'tokens'] as const,
};

/** Query keys of notices (issue #8). */
export const noticeKeys = {
  all: () => ['notices'] as const,
  list: () => ['notices', 'list'] as const,
  unread: () => ['notices', 'unread'] as const,
};

/** Query keys of tag management (/mypage/tags); the pickers' lists are ['tags', 'list', …]. */
export const tagUsageKeys = {
  list: (search: string) => ['tags', 'usage', search] as const,
};

/**
 * Query keys of tags. Tags belong to the person, not the workspace: keys start with
 * ['tags']. A source's save makes its new tags (issue #19 item 8), so it refreshes these.
 */
export const tagKeys = {
  all: ['tags'] as const,
  lists: ['tags', 'list'] as const,
};
