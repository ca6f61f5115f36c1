import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { useCreateWorkspace } from '../api/create-workspace.ts';
import { useSelectWorkspace } from '../hooks/use-select-workspace.ts';
import { showWorkspaceSaveError } from '../lib/save-error.ts';
import { isValidWorkspaceName, WorkspaceFields } from './workspace-fields.tsx';

export interface CreateWorkspaceDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After the space was created and selected. */
  onCreated?(workspace: WorkspaceSummary): void;
}

/**
 * CreateWorkspace (SPEC §2 Dialogs, §4 Create workspace, §5): an image and a name, both
 * required before confirming. While it saves, the loading overlay is on and the dialog
 * cannot be closed. On success the space is appended to the list and selected, the app
 * goes to /dashboard and a toast says so; at the 2-space limit the beta notice shows and
 * the dialog keeps what was typed.
 */
export function CreateWorkspaceDialog({ open, onOpenChange, onCreated }: CreateWorkspaceDialogProps) {
  const { t } = useTranslation('workspaces');
  const formId = useId();
  const create = useCreateWorkspace();
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
  const ready = !!image && isValidWorkspaceName(name);

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
      title={t('create.title')}
      description={t('create.description')}
      width={440}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={pending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={!ready} pending={pending}>
            {t('create.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <WorkspaceFields name={name} onNameChange={setName} onImageChange={setImage} disabled={pending} autoFocusName />
      </form>
    </Dialog>
  );
}
