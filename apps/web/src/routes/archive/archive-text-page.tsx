import { LIMITS } from '@sauce/contract/limits';
import { useSearchParams } from 'react-router';
import { EditorKitContext } from '../../features/sauce-editor/components/editor-kit.ts';
import { TextSauceSkeleton } from '../../features/sauce-viewer/components/sauce-skeletons.tsx';
import { NewTextSauce, SavedTextSauce } from './text-sauce.tsx';
import { positiveInt } from '../../lib/sauces/use-dashboard-href.ts';
import { useCurrentWorkspace } from '../../lib/workspaces.ts';
import { readSharedText } from '../../lib/share-target.ts';
import { useEditorKit } from './use-editor-kit.ts';

const SHARED_LIMITS = { title: LIMITS.textTitleLength, text: LIMITS.textLength, link: LIMITS.linkLength };

/**
 * /archive/text (SPEC §2): a new text source (?draft=true continues the workspace's saved
 * text draft; 'Share → Sauce' on a phone lands here with the shared link, issue #11 item 9),
 * or an existing one with ?sauceId={id}&archiveType=TEXT, which opens in view mode with an
 * Edit button when the source is editable (readers get no edit controls). The editor lives
 * in features/sauce-editor, the view in features/sauce-viewer (put together in text-sauce.tsx).
 */
export function ArchiveTextPage() {
  const workspace = useCurrentWorkspace();
  const [params] = useSearchParams();
  const kit = useEditorKit(workspace?.id);
  const sauceId = positiveInt(params.get('sauceId'));
  if (!workspace) return <TextSauceSkeleton />;
  const fromDraft = params.get('draft') === 'true';
  const shared = fromDraft ? null : readSharedText(params, SHARED_LIMITS);
  return (
    <EditorKitContext value={kit}>
      {sauceId ? (
        <SavedTextSauce key={`${workspace.id}-${sauceId}`} workspaceId={workspace.id} sauceId={sauceId} />
      ) : (
        <NewTextSauce
          key={`${workspace.id}-${fromDraft}-${JSON.stringify(shared)}`}
          workspaceId={workspace.id}
          fromDraft={fromDraft}
          shared={shared}
        />
      )}
    </EditorKitContext>
  );
}
