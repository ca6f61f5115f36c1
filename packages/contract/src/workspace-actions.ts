// Zod-free, so the web app's first chunk can use these without the schema library (issue #11 item 2).

/**
 * What a member may do in a space (SPEC §6). The server's policy module decides each one
 * per role (apps/api/src/policies/workspace.ts); GET /workspace sends the answers as
 * `abilities`, so the web app hides controls without re-deriving the rules.
 */
export const WORKSPACE_ACTIONS = [
  'read',
  'createSauce',
  'updateSauce',
  'deleteSauce',
  'shareSauce',
  'createFolder',
  'updateFolder',
  'deleteFolder',
  'reorderFolders',
  'inviteMembers',
  'manageMembers',
  'updateWorkspace',
  'deleteWorkspace',
  'leaveWorkspace',
] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];
