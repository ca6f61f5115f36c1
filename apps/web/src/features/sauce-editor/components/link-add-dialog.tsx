import { LIMITS } from '@sauce/contract/limits';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { useMetadata } from '../api/get-metadata.ts';
import { checkLink } from '../../../lib/sauces/format.ts';
import styles from './link-add-dialog.module.css';
import { DuplicateNotice } from './duplicate-notice.tsx';
import { LinkPreview } from '../../../components/sauce/link-preview.tsx';

const PREVIEW_DELAY_MS = 500;

export interface LinkAddDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current link when editing; null or undefined to add one. */
  initial?: string | null;
  onConfirm: (link: string) => void;
  /** Issue #21 item 5: the space the link is saved in, to say when it has it already. */
  workspaceId?: number;
  /** The source being edited, left out of the duplicates. */
  sauceId?: number;
}

/**
 * LinkAdd (SPEC §2 Dialogs): add or edit a link. Confirm needs a non-empty value that
 * passes the loose URL pattern; only http(s) is accepted (a missing scheme becomes
 * https://). A preview is fetched once the typing pauses, with a skeleton meanwhile.
 */
export function LinkAddDialog({ open, onOpenChange, initial, onConfirm, workspaceId, sauceId }: LinkAddDialogProps) {
  const { t } = useTranslation('sauces');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={initial ? t('link.editTitle') : t('link.addTitle')} width={480}>
      {open && (
        <LinkForm initial={initial ?? ''} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} workspaceId={workspaceId} sauceId={sauceId} />
      )}
    </Dialog>
  );
}

function LinkForm({
  initial,
  onCancel,
  onConfirm,
  workspaceId,
  sauceId,
}: {
  initial: string;
  onCancel: () => void;
  onConfirm: (link: string) => void;
  workspaceId?: number;
  sauceId?: number;
}) {
  const { t } = useTranslation('sauces');
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<'scheme' | 'format' | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(() => {
    const c = checkLink(initial);
    return c.ok ? c.link : null;
  });
  const meta = useMetadata(previewUrl);

  useEffect(() => {
    const timer = setTimeout(() => {
      const c = checkLink(value);
      setPreviewUrl(c.ok ? c.link : null);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const submit = () => {
    const c = checkLink(value);
    if (!c.ok) {
      setError(c.reason === 'scheme' ? 'scheme' : 'format');
      return;
    }
    onConfirm(c.link);
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        submit();
      }}
    >
      <label className={styles.label} htmlFor={`${id}-link`}>
        {t('link.field')}
      </label>
      <input
        id={`${id}-link`}
        className={styles.input}
        type="url"
        inputMode="url"
        autoComplete="url"
        value={value}
        maxLength={LIMITS.linkLength}
        placeholder="https://"
        aria-invalid={!!error || undefined}
        aria-describedby={`${id}-error`}
        autoFocus
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      <p id={`${id}-error`} className={styles.error} aria-live="polite">
        {error === 'scheme' && t('link.errorScheme')}
        {error === 'format' && t('link.errorFormat')}
      </p>
      {previewUrl && (
        <div className={styles.previewArea}>
          <LinkPreview link={previewUrl} metadata={meta.data} loading={meta.isFetching && !meta.data} />
        </div>
      )}
      {/* Issue #21 item 5: checked as the link is typed or pasted (once it settles); never blocks adding it. */}
      {workspaceId !== undefined && <DuplicateNotice workspaceId={workspaceId} link={previewUrl} exclude={sauceId} />}
      <div className={styles.footer}>
        <Button onClick={onCancel}>{t('common:cancel')}</Button>
        <Button type="submit" variant="primary" disabled={!value.trim()}>
          {initial ? t('link.update') : t('link.add')}
        </Button>
      </div>
    </form>
  );
}
