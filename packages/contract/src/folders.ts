import { z } from 'zod';
import { zBodyId } from './common.ts';
import { LIMITS } from './limits.ts';
import { zName } from './names.ts';

/** SPEC §3 Folder. */
export const zFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  itemCount: z.number().int(),
});
export type Folder = z.infer<typeof zFolder>;

/** SPEC §5: folder name 1–15 visible characters (line breaks are not counted; trimmed). */
export const zFolderName = zName(LIMITS.folderNameLength);

export const zCreateFolder = z.object({ name: zFolderName });
export const zRenameFolder = z.object({ name: zFolderName });
/** POST and PATCH /archive/folder/{workspace}[/{id}] body. */
export type FolderBody = z.input<typeof zCreateFolder>;

/** SPEC §3 Reorder payload: every folder of the workspace once, orders 1..n. */
export const zReorderFolders = z
  .array(z.object({ id: zBodyId, order: z.number().int().min(1).max(100) }))
  .min(1)
  .max(100);
