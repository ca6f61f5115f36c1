import { LIMITS } from '@sauce/contract/limits';
import { zWorkspaceName } from '@sauce/contract/workspaces';
import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { TextField } from '../../../components/text-field.tsx';
import styles from './workspace-fields.module.css';

/** SPEC §5 Space name: 1–15 characters with at least one visible one (the contract's rule). */
export function isValidWorkspaceName(name: string): boolean {
  return zWorkspaceName.safeParse(name).success;
}

export interface WorkspaceFieldsProps {
  name: string;
  onNameChange(name: string): void;
  /** Called with a chosen image that passed the type and 5.0MB checks. */
  onImageChange(file: File): void;
  /** The space's image now (editing), shown until another is chosen. */
  currentImage?: string | null;
  disabled?: boolean;
  autoFocusName?: boolean;
  /** Creating a space: the image is required, and says so (SPEC §5). */
  imageRequired?: boolean;
}

/**
 * The image and name of a space, as CreateWorkspace and the space editing page ask for
 * them (SPEC §2, §5): the image picker (type and size checked on choosing) and the name
 * with its n/15 counter; a name of only spaces or invisible characters is pointed out.
 */
export function WorkspaceFields({ name, onNameChange, onImageChange, currentImage, disabled, autoFocusName, imageRequired }: WorkspaceFieldsProps) {
  const { t } = useTranslation('workspaces');
  const blank = name !== '' && !isValidWorkspaceName(name);
  return (
    <div className={styles.fields}>
      <div className={styles.field}>
        <span className={styles.label} aria-hidden>
          {t('fields.image')}
          {imageRequired && <span className={styles.required}> · {t('fields.required')}</span>}
        </span>
        <ImagePicker
          label={imageRequired ? `${t('fields.image')} (${t('fields.required')})` : t('fields.image')}
          currentUrl={currentImage}
          fallback={<ImageIcon size={24} strokeWidth={1.75} aria-hidden />}
          onChange={onImageChange}
          disabled={disabled}
        />
      </div>
      <TextField
        label={t('fields.name')}
        placeholder={t('fields.namePlaceholder')}
        value={name}
        onChange={onNameChange}
        maxLength={LIMITS.workspaceNameLength}
        error={blank ? t('fields.nameBlank') : null}
        disabled={disabled}
        autoFocus={autoFocusName}
        autoComplete="off"
        enterKeyHint="done"
      />
    </div>
  );
}
