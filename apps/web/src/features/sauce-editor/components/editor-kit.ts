import { type ComponentType, createContext, use } from 'react';

/** The tag field of an editor and of SaveArchive: selected tags, lowercase, in order. */
export interface TagFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  /** Issue #21 item 6: suggest tags for this source — the space's, and words of its link and text. */
  suggest?: { workspaceId: number; link?: string | null; text?: string; title?: string };
}

/** SaveArchive's folder picker: the folders the source is in, by id. */
export interface FolderFieldProps {
  workspaceId: number;
  value: number[];
  onChange: (folderIds: number[]) => void;
}

/**
 * What the source editors take from other features, given by the page that composes them
 * (issue #19 item 3–4: features are siblings and never import each other): the person
 * writing, the workspace's folders, and the tag and folder fields.
 */
export interface EditorKit {
  /** The signed-in person, shown on the comments they add; null until the profile loads. */
  author: { nickname: string; profileImage: string | null } | null;
  /** Ids of the workspace's folders, to leave out of a save those deleted since a draft was kept; undefined while loading. */
  folderIds: readonly number[] | undefined;
  TagField: ComponentType<TagFieldProps>;
  FolderField: ComponentType<FolderFieldProps>;
}

/** Provided by the page around an editor: `<EditorKitContext value={kit}>`. */
export const EditorKitContext = createContext<EditorKit | null>(null);

/**
 * The page's {@link EditorKit}.
 * @throws Error when no page provided one (a programming error, not a user's).
 */
export function useEditorKit(): EditorKit {
  const kit = use(EditorKitContext);
  if (!kit) throw new Error('useEditorKit needs an EditorKitContext from the page');
  return kit;
}

/** Only the folders that still exist (a draft may name folders deleted since); all while the list is unknown. */
export const existingFolders = (ids: number[], kit: Pick<EditorKit, 'folderIds'>) =>
  kit.folderIds ? ids.filter((id) => kit.folderIds!.includes(id)) : ids;
