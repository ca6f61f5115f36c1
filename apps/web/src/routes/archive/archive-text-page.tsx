import { LIMITS } from '@sauce/contract/limits';
import type { Sauce } from '@sauce/contract/sauces';
import { Link2, Pencil, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCurrentWorkspace } from '../../features/workspaces/api/get-workspaces.ts';
import { useSauce } from '../../features/sauces/api/get-sauce.ts';
import { useMetadata } from '../../features/sauces/api/get-metadata.ts';
import { useCreateSauce, useUpdateSauce, type CreateTextSauceInput } from '../../features/sauces/api/save-sauce.ts';
import { LinkAddDialog } from '../../features/sauces/components/link-add-dialog.tsx';
import { LinkPreview } from '../../features/sauces/components/link-preview.tsx';
import { SummaryPanel } from '../../features/sauces/components/sauce-summary.tsx';
import { allowLeave, useLeaveGuard } from '../../features/sauces/hooks/use-leave-guard.ts';
import { clearDraft, loadDraft, saveDraft, type TextDraft } from '../../features/sauces/lib/drafts.ts';
import { useFolders } from '../../features/folders/api/folders.ts';
import { showLimitNoticeFor } from '../../components/dialogs/limit-notice.ts';
import { errorMessage } from '../../features/sauces/lib/error-message.ts';
import { isHttpUrl } from '../../features/sauces/lib/format.ts';
import { readSharedText, type SharedText } from '../../lib/share-target.ts';
import { TagInput } from '../../features/tags/components/tag-input.tsx';
import { usePolicy } from '../../lib/use-policy.ts';
import { showToast, useAppStore } from '../../state/app-store.ts';
import { CountedField } from './counted-field.tsx';
import fieldStyles from './counted-field.module.css';
import styles from './archive-text-page.module.css';
import { SaveArchiveDialog, type SaveArchiveValues } from './save-archive-dialog.tsx';
import { SauceLoadNotice } from './sauce-load-notice.tsx';
import { SauceMeta, SauceTags } from './sauce-meta.tsx';
import { CancelEditButton, DeleteSauceButton, SauceBar, SauceBarSkeleton, SauceViewToolbar } from './sauce-toolbar.tsx';
import { positiveInt, useDashboardHref } from './use-dashboard-href.ts';
import { DocumentTitle } from '../../components/document-title.tsx';

interface Form {
  title: string;
  text: string;
  link: string | null;
  tags: string[];
  folderIds: number[];
}

/**
 * /archive/text (SPEC §2): a new text source (?draft=true continues the workspace's saved
 * text draft), or an existing one with ?sauceId={id}&archiveType=TEXT, which opens in view
 * mode with an Edit button when the source is editable (readers get no edit controls).
 */
export function ArchiveTextPage() {
  const workspace = useCurrentWorkspace();
  const [params] = useSearchParams();
  const sauceId = positiveInt(params.get('sauceId'));
  if (!workspace) return <EditorSkeleton />;
  if (sauceId) return <ExistingTextSauce key={`${workspace.id}-${sauceId}`} workspaceId={workspace.id} sauceId={sauceId} />;
  const fromDraft = params.get('draft') === 'true';
  // Issue #11 item 9: 'Share → Sauce' on a phone lands here with the shared link.
  const shared = fromDraft ? null : readSharedText(params, SHARED_LIMITS);
  return (
    <NewTextSauce
      key={`${workspace.id}-${fromDraft}-${JSON.stringify(shared)}`}
      workspaceId={workspace.id}
      fromDraft={fromDraft}
      shared={shared}
    />
  );
}

const SHARED_LIMITS = { title: LIMITS.textTitleLength, text: LIMITS.textLength, link: LIMITS.linkLength };

/** The form of a saved text draft (SPEC §3 Draft type). */
const formOfDraft = (d: TextDraft): Form => ({ title: d.title, text: d.text, link: d.link, tags: d.tagSet, folderIds: d.folderSet });

function NewTextSauce({ workspaceId, fromDraft, shared }: { workspaceId: number; fromDraft: boolean; shared: SharedText | null }) {
  const { t } = useTranslation('archive');
  const { canWrite } = usePolicy();
  const { folder } = useDashboardHref();
  // SPEC §4: draft=true continues the workspace's draft, read once when the page opens.
  const [draft] = useState(() => {
    if (!fromDraft) return null;
    const saved = loadDraft(workspaceId);
    return saved?.type === 'TEXT' ? saved : null;
  });
  useEffect(() => {
    if (!fromDraft || !canWrite) return;
    useAppStore.getState().set({ isDraftMode: true });
    showToast(draft ? t('sauces:draft.restored') : t('sauces:draft.missing'), draft ? 'success' : 'info');
    return () => useAppStore.getState().set({ isDraftMode: false });
  }, [fromDraft, canWrite, draft, t]);
  if (!canWrite) {
    return (
      <div className={styles.page}>
        <DocumentTitle>{`${t('text.newPageTitle')} · Sauce`}</DocumentTitle>
        <SauceLoadNotice title={t('chooser.notAuthorizedTitle')} text={t('chooser.notAuthorized')} backLabel={t('text.back')} />
      </div>
    );
  }
  return (
    <TextEditor
      workspaceId={workspaceId}
      fromDraft={!!draft}
      initial={draft ? formOfDraft(draft) : { title: '', text: '', link: null, ...shared, tags: [], folderIds: folder ? [folder] : [] }}
    />
  );
}

function ExistingTextSauce({ workspaceId, sauceId }: { workspaceId: number; sauceId: number }) {
  const { t } = useTranslation('archive');
  const { data: sauce, isPending, error } = useSauce(workspaceId, sauceId);
  const [editing, setEditing] = useState(false);

  if (isPending) return <EditorSkeleton />;
  if (!sauce) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className={styles.page}>
        <SauceLoadNotice text={missing ? t('text.notFound') : t('text.loadFailed')} backLabel={t('text.back')} />
      </div>
    );
  }
  if (editing && sauce.isEditable) {
    return (
      <TextEditor
        workspaceId={workspaceId}
        sauce={sauce}
        initial={{
          title: sauce.title,
          text: sauce.textSauce?.text ?? '',
          link: sauce.textSauce?.link ?? null,
          tags: sauce.tagSet.map((tag) => tag.name),
          folderIds: sauce.folderSet.map((f) => f.id),
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return <TextView workspaceId={workspaceId} sauce={sauce} onEdit={() => setEditing(true)} />;
}

/** View mode: the source as written; Edit and Delete only when it is editable (SPEC §6). */
function TextView({ workspaceId, sauce, onEdit }: { workspaceId: number; sauce: Sauce; onEdit: () => void }) {
  const { t } = useTranslation('archive');
  const link = sauce.textSauce?.link ?? null;
  const card = sauce.textCard;
  const title = sauce.title || t('sauces:untitled');

  useEffect(() => useAppStore.getState().set({ mode: 'VIEW' }), []);

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${title} · Sauce`}</DocumentTitle>
      <SauceViewToolbar workspaceId={workspaceId} sauce={sauce} backLabel={t('text.back')} editLabel={t('text.edit')} onEdit={onEdit} />
      <article className={styles.sheet}>
        <h1 className={`${styles.viewTitle} ${sauce.title ? '' : styles.untitled}`}>{title}</h1>
        <SauceMeta sauce={sauce} foldersLabel={t('text.savedIn')} />
        {isHttpUrl(link) && (
          <LinkPreview
            link={link}
            metadata={card ? { title: card.title, description: card.description, image: card.image } : undefined}
            interactive
          />
        )}
        <SummaryPanel sauce={sauce} />
        {sauce.textSauce?.text && <div className={styles.viewText}>{sauce.textSauce.text}</div>}
        <SauceTags sauce={sauce} />
      </article>
    </div>
  );
}

const sameForm = (a: Form, b: Form) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Edit mode for a new or an existing text source: title (counter), link (LinkAdd dialog,
 * preview), text (counter), tags; Save opens SaveArchive. Leaving with unsaved changes asks
 * first: a new source offers to save a draft (DraftConfirm), an existing one a plain confirm.
 * After saving: the draft it continued is cleared, a toast, back to the dashboard (keeping ?folder).
 */
function TextEditor({
  workspaceId,
  sauce,
  initial,
  fromDraft,
  onCancel,
}: {
  workspaceId: number;
  sauce?: Sauce;
  initial: Form;
  /** It continues the workspace's draft, cleared once the source is saved. */
  fromDraft?: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const { href } = useDashboardHref();
  const [form, setForm] = useState(initial);
  const [linkOpen, setLinkOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const create = useCreateSauce(workspaceId);
  const update = useUpdateSauce(workspaceId);
  const { data: folders } = useFolders(workspaceId);
  const saving = create.isPending || update.isPending;
  const meta = useMetadata(form.link);
  const dirty = !sameForm(form, initial);
  const empty = !form.title.trim() && !form.text.trim() && !form.link;

  useEffect(() => {
    useAppStore.getState().set({ mode: 'TEXT' });
    return () => useAppStore.getState().set({ mode: 'VIEW' });
  }, []);

  // Leaving with unsaved changes asks first (SPEC §2 DraftConfirm): a new source can be
  // kept as the workspace's draft (SPEC §3, §5: over 5,000,000 bytes it is refused).
  useLeaveGuard({
    when: dirty,
    onSaveDraft: sauce
      ? undefined
      : () =>
          saveDraft(workspaceId, {
            type: 'TEXT',
            title: form.title,
            text: form.text,
            link: form.link,
            tagSet: form.tags,
            folderSet: form.folderIds,
            savedAt: new Date().toISOString(),
          }),
  });

  const patch = (p: Partial<Form>) => setForm((f) => ({ ...f, ...p }));

  const save = (values: SaveArchiveValues) => {
    // A draft may name folders deleted since: only existing ones are sent.
    const folderIds = folders ? values.folderIds.filter((id) => folders.some((f) => f.id === id)) : values.folderIds;
    const next = { ...form, title: values.title, tags: values.tags, folderIds };
    setForm(next);
    const body: CreateTextSauceInput = {
      type: 'TEXT',
      title: next.title.trim(),
      textSauce: { text: next.text, link: next.link },
      tagSet: next.tags,
      folderSet: next.folderIds,
    };
    const done = {
      onSuccess: () => {
        if (fromDraft) clearDraft(workspaceId);
        allowLeave();
        setSaveOpen(false);
        showToast(t('sauces:saved'), 'success');
        navigate(href);
      },
      onError: (e: unknown) => {
        // SPEC §9: a space at its 100 sources gets the beta notice.
        if (!showLimitNoticeFor(e)) showToast(errorMessage(e, t('sauces:saveFailed')), 'error');
      },
    };
    if (sauce) {
      const { type: _type, ...changes } = body;
      update.mutate({ id: sauce.id, ...changes }, done);
    } else {
      create.mutate(body, done);
    }
  };

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${sauce ? sauce.title || t('sauces:untitled') : t('text.newPageTitle')} · Sauce`}</DocumentTitle>
      <SauceBar
        backLabel={t('text.back')}
        actions={
          <>
            {sauce?.isEditable && <DeleteSauceButton workspaceId={workspaceId} sauceId={sauce.id} fromEditor />}
            {onCancel && <CancelEditButton label={t('text.cancelEdit')} dirty={dirty} onCancel={onCancel} />}
            <Button variant="primary" onClick={() => setSaveOpen(true)} disabled={empty} title={empty ? t('text.nothingToSave') : undefined}>
              {t('text.save')}
            </Button>
          </>
        }
      />

      <div className={styles.sheet}>
        <h1 className="visually-hidden">{sauce ? t('text.edit') : t('text.newPageTitle')}</h1>
        <CountedField
          label={t('text.titleLabel')}
          className={fieldStyles.titleInput}
          value={form.title}
          max={LIMITS.textTitleLength}
          placeholder={t('text.titlePlaceholder')}
          onChange={(title) => patch({ title })}
        />

        <section className={styles.linkSection}>
          {form.link ? (
            <>
              <LinkPreview link={form.link} metadata={meta.data} loading={meta.isPending} />
              <div className={styles.linkActions}>
                <Button size="small" variant="ghost" onClick={() => setLinkOpen(true)}>
                  <Pencil size={14} strokeWidth={1.75} aria-hidden />
                  {t('text.editLink')}
                </Button>
                <Button size="small" variant="ghost" onClick={() => patch({ link: null })}>
                  <X size={14} strokeWidth={1.75} aria-hidden />
                  {t('text.removeLink')}
                </Button>
              </div>
            </>
          ) : (
            <button type="button" className={styles.addLink} onClick={() => setLinkOpen(true)}>
              <Link2 size={16} strokeWidth={1.75} aria-hidden />
              {t('text.addLink')}
              <Plus size={16} strokeWidth={1.75} aria-hidden className={styles.addLinkPlus} />
            </button>
          )}
        </section>

        <CountedField
          multiline
          label={t('text.textLabel')}
          className={styles.textarea}
          value={form.text}
          max={LIMITS.textLength}
          placeholder={t('text.textPlaceholder')}
          onChange={(text) => patch({ text })}
        />

        <TagInput value={form.tags} onChange={(tags) => patch({ tags })} />
      </div>

      <LinkAddDialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        initial={form.link}
        onConfirm={(link) => {
          patch({ link });
          setLinkOpen(false);
        }}
      />
      <SaveArchiveDialog
        open={saveOpen}
        onOpenChange={(o) => !saving && setSaveOpen(o)}
        workspaceId={workspaceId}
        initial={{ title: form.title, folderIds: form.folderIds, tags: form.tags }}
        saving={saving}
        hasLink={!!form.link && form.link !== (sauce?.textSauce?.link ?? null)}
        onSave={save}
      />
    </div>
  );
}

/** Placeholder while the workspace or the source loads. */
function EditorSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <SauceBarSkeleton />
      <div className={styles.sheet}>
        <span className={`${styles.skel} ${styles.skelTitle}`} />
        <span className={`${styles.skel} ${styles.skelLink}`} />
        <span className={`${styles.skel} ${styles.skelLine}`} />
        <span className={`${styles.skel} ${styles.skelLine}`} />
        <span className={`${styles.skel} ${styles.skelShort}`} />
      </div>
    </div>
  );
}
