import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { useCreateWorkspace } from '../api/create-workspace.ts';
import { useSpaceQuota } from '../api/get-workspaces.ts';
import { useSelectWorkspace } from '../../../lib/workspaces.ts';
import { showWorkspaceSaveError } from '../lib/save-error.ts';
import { isValidWorkspaceName, WorkspaceFields } from './workspace-fields.tsx';
import styles from './workspace-fields.module.css';

export interface CreateWorkspaceDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After the space was created and selected. */
  onCreated?(workspace: WorkspaceSummary): void;
}

/**
 * CreateWorkspace (SPEC §2 Dialogs, §4 Create workspace, §5): an image and a name, both
 * required before confirming, and said to be (the image is marked required; under the form
 * a line says what is still missing, the Create button's description). The plan's space
 * limit (SPEC §9: 2) is known from the start (GET /workspace/quota): how many more spaces
 * may be made, or, at the limit, the beta notice in place of the form. While it saves, the
 * loading overlay is on and the dialog cannot be closed. On success the space is appended
 * to the list and selected, the app goes to /dashboard and a toast says so; a limit reached
 * meanwhile (another tab) shows the beta notice and keeps what was typed.
 */
export function CreateWorkspaceDialog({ open, onOpenChange, onCreated }: CreateWorkspaceDialogProps) {
  const { t } = useTranslation('workspaces');
  const formId = useId();
  const missingId = useId();
  const create = useCreateWorkspace();
  const { data: quota } = useSpaceQuota(open);
  const left = quota && quota.limit !== null ? Math.max(0, quota.limit - quota.created) : null;
  const atLimit = left === 0;
  const select = useSelectWorkspace();
  const [name, setName] = useState('');
  const [image, setImage] = useState<File | null>(null);
  // Each opening starts empty: adjusted while rendering from the previous `open`.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setName('');
      setImage(null);
    }
  }

  const pending = create.isPending;
  const ready = !!image && isValidWorkspaceName(name) && !atLimit;
  const missing = !image && !isValidWorkspaceName(name) ? 'both' : !image ? 'image' : !isValidWorkspaceName(name) ? 'name' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || pending || !image) return;
    const { set } = useAppStore.getState();
    set({ loading: true });
    create.mutate(
      { name: name.trim(), image },
      {
        onSuccess: (workspace) => {
          onOpenChange(false);
          select(workspace.id);
          showToast(t('create.done', { name: workspace.name }), 'success');
          onCreated?.(workspace);
        },
        onError: showWorkspaceSaveError,
        onSettled: () => set({ loading: false }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      preventClose={pending}
      title={atLimit ? t('common:limits.workspaces.title', { count: quota!.limit! }) : t('create.title')}
      description={atLimit ? t('common:limits.workspaces.description', { count: quota!.limit! }) : t('create.description')}
      width={440}
      footer={
        atLimit ? (
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            {t('common:confirm')}
          </Button>
        ) : (
          <>
            <Button onClick={() => onOpenChange(false)} disabled={pending}>
              {t('common:cancel')}
            </Button>
            <Button
              type="submit"
              form={formId}
              variant="primary"
              disabled={!ready}
              pending={pending}
              aria-describedby={missing ? missingId : undefined}
            >
              {t('create.submit')}
            </Button>
          </>
        )
      }
    >
      {!atLimit && (
        <form id={formId} onSubmit={submit} noValidate>
          <WorkspaceFields name={name} onNameChange={setName} onImageChange={setImage} disabled={pending} autoFocusName imageRequired />
          {/* What Create still needs, and the plan's room, before anything is sent (issue #19 item 8). */}
          <div className={styles.notes}>
            {missing && (
              <p id={missingId} className={styles.missing}>
                {t(`create.missing.${missing}`)}
              </p>
            )}
            {left !== null && <p className={styles.quota}>{t('create.quotaLeft', { count: left, limit: quota!.limit })}</p>}
          </div>
        </form>
      )}
    </Dialog>
  );
}
