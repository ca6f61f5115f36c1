import { LIMITS } from '@sauce/contract/limits';
import type { Sauce } from '@sauce/contract/sauces';
import { Link2, Pencil, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Tooltip } from '../../../components/tooltip.tsx';
import { useMetadata } from '../api/get-metadata.ts';
import { useSaveSauce } from '../hooks/use-save-sauce.ts';
import { useSauceEditor } from '../hooks/use-sauce-editor.ts';
import type { TextDraft } from '../../../lib/sauces/drafts.ts';
import { errorMessage } from '../../../lib/sauces/error-message.ts';
import { linkDomain, linkInText } from '../../../lib/sauces/format.ts';
import { CountedField } from './counted-field.tsx';
import fieldStyles from './counted-field.module.css';
import { existingFolders, useEditorKit } from './editor-kit.ts';
import { DuplicateNotice } from './duplicate-notice.tsx';
import { LinkAddDialog } from './link-add-dialog.tsx';
import { LinkPreview } from '../../../components/sauce/link-preview.tsx';
import { CancelEditButton, DeleteSauceButton, SauceBar } from '../../../components/sauce/sauce-toolbar.tsx';
import { SaveSauceDialog, type SaveSauceValues } from './save-sauce-dialog.tsx';
import styles from '../../../components/sauce/text-editor.module.css';

/** What the text editor edits. */
export interface TextForm {
  title: string;
  text: string;
  link: string | null;
  tags: string[];
  folderIds: number[];
}

/** An empty text source's form. */
export const EMPTY_TEXT_FORM: TextForm = { title: '', text: '', link: null, tags: [], folderIds: [] };

/** The form of a saved text draft (SPEC §3 Draft type). */
export const formOfDraft = (d: TextDraft): TextForm => ({ title: d.title, text: d.text, link: d.link, tags: d.tagSet, folderIds: d.folderSet });

/** The form of a saved text source, to edit it. */
export const formOfSauce = (sauce: Sauce): TextForm => ({
  title: sauce.title,
  text: sauce.textSauce?.text ?? '',
  link: sauce.textSauce?.link ?? null,
  tags: sauce.tagSet.map((tag) => tag.name),
  folderIds: sauce.folderSet.map((f) => f.id),
});

const sameForm = (a: TextForm, b: TextForm) => JSON.stringify(a) === JSON.stringify(b);

export interface TextEditorProps {
  workspaceId: number;
  /** The saved source being edited; undefined for a new one. */
  sauce?: Sauce;
  initial: TextForm;
  /** It continues the workspace's draft, cleared once the source is saved. */
  fromDraft?: boolean;
  /** Back to view mode: cancelled, or saved. Only for a saved source. */
  onDone?: () => void;
}

/**
 * Edit mode for a new or an existing text source: title (counter), link (LinkAdd dialog,
 * preview), text (counter), tags; Save opens SaveArchive. Leaving with changes asks first
 * (useSauceEditor); saved, it lands on the source's view (useSaveSauce).
 */
export function TextEditor({ workspaceId, sauce, initial, fromDraft, onDone }: TextEditorProps) {
  const { t } = useTranslation('archive');
  const kit = useEditorKit();
  const [form, setForm] = useState(initial);
  const [linkOpen, setLinkOpen] = useState(false);
  const flow = useSaveSauce({ workspaceId, sauce, fromDraft, onSaved: onDone, problemMessage: (e) => errorMessage(e, t('sauces:saveFailed')) });
  const meta = useMetadata(form.link);
  const written = form.link ? null : linkInText(form.text);
  const dirty = !sameForm(form, initial);
  const empty = !form.title.trim() && !form.text.trim() && !form.link;

  useSauceEditor({
    mode: 'TEXT',
    workspaceId,
    sauce,
    fromDraft,
    dirty,
    toDraft: () => ({
      type: 'TEXT',
      title: form.title,
      text: form.text,
      link: form.link,
      tagSet: form.tags,
      folderSet: form.folderIds,
      savedAt: new Date().toISOString(),
    }),
  });

  const patch = (p: Partial<TextForm>) => setForm((f) => ({ ...f, ...p }));

  const save = (values: SaveSauceValues) => {
    const folderIds = existingFolders(values.folderIds, kit);
    const next = { ...form, title: values.title, tags: values.tags, folderIds };
    setForm(next);
    flow.save({ type: 'TEXT', title: next.title.trim(), textSauce: { text: next.text, link: next.link }, tagSet: next.tags, folderSet: next.folderIds });
  };

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${sauce ? sauce.title || t('sauces:untitled') : t('text.newPageTitle')} · Sauce`}</DocumentTitle>
      <SauceBar
        backLabel={t('text.back')}
        actions={
          <>
            {sauce?.isEditable && <DeleteSauceButton workspaceId={workspaceId} sauceId={sauce.id} fromEditor />}
            {sauce && onDone && <CancelEditButton label={t('text.cancelEdit')} dirty={dirty} onCancel={onDone} />}
            {/* A disabled button takes no pointer events: the tooltip is on its wrapper. */}
            <Tooltip content={empty ? t('text.nothingToSave') : ''}>
              <span className={styles.saveWrap}>
                <Button variant="primary" onClick={() => flow.setDialogOpen(true)} disabled={empty}>
                  {t('text.save')}
                </Button>
              </span>
            </Tooltip>
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
              {/* Issue #21 item 5: the space has this link already (never blocks the save). Not
                  while it saves or once saved: the lists refetch before the source's page
                  shows, and would name the new source a duplicate of itself (issue #31 item 11). */}
              {!flow.saving && flow.savedId === undefined && <DuplicateNotice workspaceId={workspaceId} link={form.link} exclude={sauce?.id} />}
            </>
          ) : (
            <>
              <button type="button" className={styles.addLink} onClick={() => setLinkOpen(true)}>
                <Link2 size={16} strokeWidth={1.75} aria-hidden />
                {t('text.addLink')}
                <Plus size={16} strokeWidth={1.75} aria-hidden className={styles.addLinkPlus} />
              </button>
              {/* A link pasted into the text: one click makes it the source's link (its preview, saved copy, duplicates). */}
              {written && (
                <button
                  type="button"
                  className={styles.useWritten}
                  onClick={() =>
                    // A text that was only the link (and its punctuation) goes with it.
                    patch({ link: written.link, text: /^[\s.,;:!?()[\]{}]*$/.test(form.text.replace(written.raw, '')) ? '' : form.text })
                  }
                >
                  <Plus size={12} strokeWidth={2} aria-hidden />
                  {t('text.useWrittenLink', { host: linkDomain(written.link) })}
                </button>
              )}
            </>
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

        <kit.TagField
          value={form.tags}
          onChange={(tags) => patch({ tags })}
          suggest={{ workspaceId, link: form.link, text: form.text, title: form.title }}
        />
      </div>

      <LinkAddDialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        initial={form.link}
        workspaceId={workspaceId}
        sauceId={sauce?.id}
        onConfirm={(link) => {
          patch({ link });
          setLinkOpen(false);
        }}
      />
      <SaveSauceDialog
        open={flow.dialogOpen}
        onOpenChange={flow.setDialogOpen}
        workspaceId={workspaceId}
        initial={{ title: form.title, folderIds: form.folderIds, tags: form.tags }}
        saving={flow.saving}
        hasLink={!!form.link && form.link !== (sauce?.textSauce?.link ?? null)}
        onSave={save}
      />
    </div>
  );
}
