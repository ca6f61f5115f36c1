import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Panel } from '../../../components/panel.tsx';
import { showToast } from '../../../state/app-store.ts';
import { useUpdateWorkspace } from '../api/update-workspace.ts';
import { showWorkspaceSaveError } from '../lib/save-error.ts';
import { isValidWorkspaceName, WorkspaceFields } from './workspace-fields.tsx';
import styles from './space-settings-form.module.css';

/**
 * Editing a space (SPEC §2 'space editing', owner only): its image and name with the same
 * rules as CreateWorkspace (SPEC §5), saved together with PATCH /workspace/{id}; Save waits
 * for a change. The list and the header follow (SPEC §4 Updating a workspace).
 */
export function SpaceSettingsForm({ workspace }: { workspace: WorkspaceSummary }) {
  const { t } = useTranslation('workspaces');
  const update = useUpdateWorkspace(workspace.id);
  const [name, setName] = useState(workspace.name);
  const [image, setImage] = useState<File | null>(null);
  // A new picker after each save, so it shows the saved image rather than the local preview.
  const [saved, setSaved] = useState(0);

  const renamed = name.trim() !== workspace.name;
  const changed = renamed || !!image;
  const ready = changed && isValidWorkspaceName(name);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || update.isPending) return;
    update.mutate(
      { name: renamed ? name.trim() : undefined, image },
      {
        onSuccess: (ws) => {
          setName(ws.name);
          setImage(null);
          setSaved((n) => n + 1);
          showToast(t('space.saved'), 'success');
        },
        onError: showWorkspaceSaveError,
      },
    );
  };

  return (
    <Panel title={t('space.title')} description={t('space.description')}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <WorkspaceFields
          key={saved}
          name={name}
          onNameChange={setName}
          onImageChange={setImage}
          currentImage={workspace.image}
          disabled={update.isPending}
        />
        <div className={styles.actions}>
          {changed && (
            <Button
              onClick={() => {
                setName(workspace.name);
                setImage(null);
                setSaved((n) => n + 1);
              }}
              disabled={update.isPending}
            >
              {t('space.reset')}
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={!ready} pending={update.isPending}>
            {t('space.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
