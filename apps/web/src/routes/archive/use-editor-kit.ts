import { useMemo } from 'react';
import { useProfile } from '../../lib/session.ts';
import { useFolders } from '../../lib/folders.ts';
import { FolderMultiSelect } from '../../features/folders/components/folder-multi-select.tsx';
import type { EditorKit } from '../../features/sauce-editor/components/editor-kit.ts';
import { TagInput } from '../../features/tags/components/tag-input.tsx';

/**
 * What the source editors need from other features, gathered by the page (issue #19 item
 * 3–4: the page composes, features do not import each other): the signed-in person, the
 * workspace's folder ids, the tag input and the folder picker.
 */
export function useEditorKit(workspaceId: number | undefined): EditorKit {
  const { data: me } = useProfile();
  const { data: folders } = useFolders(workspaceId);
  return useMemo(
    () => ({
      author: me ? { nickname: me.nickname, profileImage: me.profileImage } : null,
      folderIds: folders?.map((f) => f.id),
      TagField: TagInput,
      FolderField: FolderMultiSelect,
    }),
    [me, folders],
  );
}
