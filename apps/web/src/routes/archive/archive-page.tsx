import { FileClock, FileText, Image as ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { archivePath } from '../../components/dialogs/archive-type-selector.tsx';
import { alertDialog } from '../../components/dialogs/confirm.tsx';
import { clearDraft, useDraft, type Draft } from '../../lib/sauces/drafts.ts';
import { isJustNow, relativeTime } from '../../lib/dates.ts';
import { useCurrentWorkspace } from '../../lib/workspaces.ts';
import { usePolicy } from '../../lib/use-policy.ts';
import styles from './archive-page.module.css';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Tooltip } from '../../components/tooltip.tsx';

const CHOICES = [
  { type: 'image', Icon: ImageIcon },
  { type: 'text', Icon: FileText },
] as const;

/**
 * /archive (SPEC §2 ArchiveTypeSelector as a page): choose image or text, then the edit
 * screen. A saved draft of the workspace is offered first, to continue or discard (SPEC §4
 * Archive creation). Readers are told to ask the space owner (SPEC §6). ?folder is carried along.
 */
export function ArchivePage() {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workspace = useCurrentWorkspace();
  const { canWrite } = usePolicy();
  const draft = useDraft(workspace?.id);
  const folder = params.get('folder');
  const suffix = folder ? `?folder=${encodeURIComponent(folder)}` : '';

  const choose = async (type: 'image' | 'text') => {
    if (!canWrite) {
      await alertDialog({ title: t('chooser.notAuthorizedTitle'), description: t('chooser.notAuthorized') });
      return;
    }
    navigate(`/archive/${type}${suffix}`);
  };

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${t('chooser.pageTitle')} · Sauce`}</DocumentTitle>
      <h1 className={styles.title}>{t('chooser.title')}</h1>
      <p className={styles.description}>{t('chooser.description')}</p>
      {workspace && canWrite && draft && (
        <DraftPanel draft={draft} onContinue={() => navigate(archivePath(draft.type, true))} onDiscard={() => clearDraft(workspace.id)} />
      )}
      <div className={styles.choices} aria-busy={!workspace || undefined}>
        {CHOICES.map(({ type, Icon }) => (
          <button key={type} type="button" className={styles.choice} onClick={() => choose(type)} disabled={!workspace}>
            <span className={styles.icon} aria-hidden>
              <Icon size={24} strokeWidth={1.75} />
            </span>
            <span className={styles.name}>{t(`chooser.${type}`)}</span>
            <span className={styles.hint}>{t(`chooser.${type}Description`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The workspace's draft: what it is, when it was saved; continue it or start new (discarding it). */
function DraftPanel({ draft, onContinue, onDiscard }: { draft: Draft; onContinue(): void; onDiscard(): void }) {
  const { t } = useTranslation('shell');
  const ago = relativeTime(draft.savedAt);
  const saved = isJustNow(draft.savedAt) ? t('archiveType.savedJustNow') : ago ? t('archiveType.savedAt', { time: ago }) : null;
  return (
    <section className={styles.draft} aria-labelledby="archive-draft-title">
      <span className={styles.draftIcon} aria-hidden>
        <FileClock size={20} strokeWidth={1.75} />
      </span>
      <div className={styles.draftText}>
        <h2 id="archive-draft-title" className={styles.draftTitle}>
          {t('archiveType.draftTitle')}
        </h2>
        <p className={styles.draftName}>
          {t(`archiveType.draft${draft.type}`, { title: draft.title.trim() || t('archiveType.untitled') })}
        </p>
        {saved && <p className={styles.draftTime}>{saved}</p>}
      </div>
      <div className={styles.draftActions}>
        <Tooltip content={t('archiveType.startNewHint')} describes>
          <Button onClick={onDiscard}>{t('archiveType.startNew')}</Button>
        </Tooltip>
        <Button variant="primary" onClick={onContinue}>
          {t('archiveType.continue')}
        </Button>
      </div>
    </section>
  );
}
