import { LIMITS } from '@sauce/contract/limits';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';

/** A folder name as the server will store it: line breaks removed, trimmed (SPEC §5). */
export function normalizeFolderName(name: string): string {
  return name.replace(/[\r\n]/g, '').trim();
}

/**
 * Why `name` cannot be submitted, or null (SPEC §5 Folder name): 'empty' when blank,
 * 'exists' when it is another folder's name of the space ignoring letter case (the server's
 * rule, docs/api.md 'Names and letter case': 'Team refs' and 'team REFS' are one name),
 * 'unchanged' when it equals `current` exactly (another case of it is a change).
 */
export function folderNameProblem(
  name: string,
  existing: readonly string[],
  current?: string,
): 'empty' | 'exists' | 'unchanged' | null {
  const n = normalizeFolderName(name);
  if (!n) return 'empty';
  if (current !== undefined && n === current) return 'unchanged';
  const lower = n.toLowerCase();
  if (existing.some((e) => e.toLowerCase() === lower)) return 'exists';
  return null;
}

export interface FolderNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  /** Names of the space's folders, for the 'already exists' warning. */
  existingNames: readonly string[];
  /** The folder's present name when renaming: prefilled, and not a duplicate of itself. */
  initialName?: string;
  pending?: boolean;
  /** Called with the normalized name; Enter submits. */
  onSubmit: (name: string) => void;
}

/**
 * The FolderAdd / FolderChangeName form (SPEC §2 Dialogs, §4, §5): at most 15 characters
 * (extra input ignored, line breaks not counted) with a live counter; a name equal to an
 * existing folder shows the warning inline and blocks confirm; empty blocks confirm.
 */
export function FolderNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  existingNames,
  initialName,
  pending,
  onSubmit,
}: FolderNameDialogProps) {
  const { t } = useTranslation('folders');
  const formId = useId();
  const [name, setName] = useState(initialName ?? '');
  // Refill the field on opening (or when the prefilled name changes while open): adjusted
  // while rendering from the previous props, not in an effect.
  const [prev, setPrev] = useState({ open, initialName });
  if (prev.open !== open || prev.initialName !== initialName) {
    setPrev({ open, initialName });
    if (open) setName(initialName ?? '');
  }

  const problem = folderNameProblem(name, existingNames, initialName);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || pending) return;
    onSubmit(normalizeFolderName(name));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('common:cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" disabled={problem !== null || pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={t('nameLabel')}
          placeholder={t('namePlaceholder')}
          value={name}
          onChange={setName}
          maxLength={LIMITS.folderNameLength}
          // Not while closing: the name just created is in the list by then.
          error={problem === 'exists' && open ? t('nameExists') : null}
          autoFocus
          autoComplete="off"
          enterKeyHint="done"
        />
      </form>
    </Dialog>
  );
}
