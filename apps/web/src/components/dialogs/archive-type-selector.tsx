import { FileText, Image as ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isJustNow, relativeTime } from '../../lib/dates.ts';
import { Button } from '../button.tsx';
import { Dialog } from './dialog.tsx';
import styles from './archive-type-selector.module.css';

export type ArchiveType = 'IMAGE' | 'TEXT';

/** What the selector needs to know about a draft kept in local storage (SPEC §3 Draft type). */
export interface DraftSummary {
  type: ArchiveType;
  title?: string;
  /** ISO 8601 time it was saved: shown as 'Saved 5 minutes ago'. */
  savedAt?: string;
}

export interface ArchiveTypeSelectorProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A saved draft: the dialog first offers to continue it or start new (SPEC §4 Archive creation). */
  draft?: DraftSummary | null;
  /** Called when the person starts new over an existing draft (the caller discards it). */
  onDiscardDraft?(): void;
}

/** Path of the edit screen for `type` (SPEC §2 Routes); `draft` continues the saved draft. */
export function archivePath(type: ArchiveType, draft = false) {
  const path = `/archive/${type.toLowerCase()}`;
  return draft ? `${path}?draft=true&archiveType=${type}` : path;
}

/**
 * ArchiveTypeSelector (SPEC §2 Dialogs): choose image or text, then the edit screen
 * opens. With a draft, first offers continuing it or starting new.
 */
export function ArchiveTypeSelector({ open, onOpenChange, draft, onDiscardDraft }: ArchiveTypeSelectorProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [step, setStep] = useState<'draft' | 'type'>(draft ? 'draft' : 'type');
  // On opening (or a new draft while open) start over at the first step: adjusted while
  // rendering from the previous props, not in an effect (react.dev "You Might Not Need an Effect").
  const [prev, setPrev] = useState({ open, draft });
  if (prev.open !== open || prev.draft !== draft) {
    setPrev({ open, draft });
    if (open) setStep(draft ? 'draft' : 'type');
  }

  const go = (type: ArchiveType, continueDraft = false) => {
    onOpenChange(false);
    void navigate(archivePath(type, continueDraft));
  };

  if (step === 'draft' && draft) {
    const ago = relativeTime(draft.savedAt);
    const saved = isJustNow(draft.savedAt) ? t('archiveType.savedJustNow') : ago ? t('archiveType.savedAt', { time: ago }) : null;
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('archiveType.draftTitle')}
        description={t('archiveType.draftDescription')}
        footer={
          <>
            <Button
              onClick={() => {
                onDiscardDraft?.();
                setStep('type');
              }}
            >
              {t('archiveType.startNew')}
            </Button>
            <Button variant="primary" onClick={() => go(draft.type, true)} autoFocus>
              {t('archiveType.continue')}
            </Button>
          </>
        }
      >
        <p className={styles.draft}>
          <span className={styles.draftName}>
            {t(`archiveType.draft${draft.type}`, { title: draft.title?.trim() || t('archiveType.untitled') })}
          </span>
          {saved && <span className={styles.draftTime}>{saved}</span>}
        </p>
      </Dialog>
    );
  }

  const types: { type: ArchiveType; Icon: typeof FileText }[] = [
    { type: 'IMAGE', Icon: ImageIcon },
    { type: 'TEXT', Icon: FileText },
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('archiveType.title')}
      description={t('archiveType.description')}
      width={480}
    >
      <div className={styles.grid}>
        {types.map(({ type, Icon }) => (
          <button key={type} type="button" className={styles.option} onClick={() => go(type)}>
            <span className={styles.icon} aria-hidden>
              <Icon size={24} strokeWidth={1.75} />
            </span>
            <span className={styles.name}>{t(`archiveType.${type}`)}</span>
            <span className={styles.text}>{t(`archiveType.${type}_description`)}</span>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
