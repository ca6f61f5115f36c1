import { FileText, Image as ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { alertDialog } from '../../components/dialogs/confirm.tsx';
import { useCurrentWorkspace } from '../../features/workspaces/api/get-workspaces.ts';
import { usePolicy } from '../../lib/use-policy.ts';
import styles from './archive-page.module.css';

const CHOICES = [
  { type: 'image', Icon: ImageIcon },
  { type: 'text', Icon: FileText },
] as const;

/**
 * /archive (SPEC §2 ArchiveTypeSelector as a page): choose image or text, then the edit
 * screen. Readers are told to ask the space owner (SPEC §6). ?folder is carried along.
 */
export function ArchivePage() {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workspace = useCurrentWorkspace();
  const { canWrite } = usePolicy();
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
      <title>{`${t('chooser.pageTitle')} · Sauce`}</title>
      <h1 className={styles.title}>{t('chooser.title')}</h1>
      <p className={styles.description}>{t('chooser.description')}</p>
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
