import { useSearchParams } from 'react-router';
import { EditorKitContext } from '../../features/sauce-editor/components/editor-kit.ts';
import { NewImageSauce, SavedImageSauce } from './image-sauce.tsx';
import { ImageSauceSkeleton } from '../../features/sauce-viewer/components/sauce-skeletons.tsx';
import { positiveInt } from '../../lib/sauces/use-dashboard-href.ts';
import { foundInImage } from '../../lib/sauces/format.ts';
import { useCurrentWorkspace } from '../../lib/workspaces.ts';
import { hasSharedImages } from '../../lib/share-target.ts';
import { useEditorKit } from './use-editor-kit.ts';

/**
 * /archive/image (SPEC §2): a new image source (?draft=true continues the workspace's saved
 * draft; images shared from another app are taken in), or an existing one with
 * ?sauceId={id}&archiveType=IMAGE, which opens in view mode with an Edit button when the
 * source is editable (readers get no edit controls) — at its image `image` with the words
 * `mark` marked in its text, when a search found it there (issue #33). The editor lives in features/sauce-editor,
 * the view in features/sauce-viewer (put together in image-sauce.tsx).
 */
export function ArchiveImagePage() {
  const workspace = useCurrentWorkspace();
  const [params] = useSearchParams();
  const kit = useEditorKit(workspace?.id);
  const sauceId = positiveInt(params.get('sauceId'));
  if (!workspace) return <ImageSauceSkeleton />;
  const fromDraft = params.get('draft') === 'true';
  return (
    <EditorKitContext value={kit}>
      {sauceId ? (
        <SavedImageSauce key={`${workspace.id}-${sauceId}`} workspaceId={workspace.id} sauceId={sauceId} found={foundInImage(params)} />
      ) : (
        <NewImageSauce key={`${workspace.id}-${fromDraft}`} workspaceId={workspace.id} fromDraft={fromDraft} takeShared={hasSharedImages(params)} />
      )}
    </EditorKitContext>
  );
}
