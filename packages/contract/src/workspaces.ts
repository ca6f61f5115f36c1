import { z } from 'zod';
import { zPermission } from './common.ts';
import { zFolder } from './folders.ts';

/** One entry of GET /workspace. */
export const zWorkspaceSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  isPersonal: z.boolean(),
  permission: zPermission,
});
export type WorkspaceSummary = z.infer<typeof zWorkspaceSummary>;

/** SPEC §3 Workspace: GET /workspace/{id}. */
export const zWorkspace = zWorkspaceSummary.extend({
  folders: z.array(zFolder),
  users: z.array(
    z.object({
      id: z.number().int(),
      nickname: z.string(),
      profileImage: z.string().nullable(),
      permission: zPermission,
    }),
  ),
});
export type Workspace = z.infer<typeof zWorkspace>;

/** SPEC §3 Workspace status. */
export const zWorkspaceStatus = z.object({
  textSauceCount: z.number().int(),
  imageSauceCount: z.number().int(),
  folderCount: z.number().int(),
});
export type WorkspaceStatus = z.infer<typeof zWorkspaceStatus>;
