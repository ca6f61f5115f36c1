import type { User } from '@sauce/contract/auth';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { Panel } from '../../../components/panel.tsx';
import { Switch } from '../../../components/switch.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useProfileCount, useProfileImage } from '../api/profile.ts';
import { useUpdateProfile } from '../../../lib/session.ts';
import { EditUserInformationDialog } from './edit-user-information-dialog.tsx';
import styles from './account.module.css';
import { Tooltip } from '../../../components/tooltip.tsx';

/**
 * /mypage/profile's first panels (SPEC §2 My page, §3 User): the profile image (checked on
 * choosing: an image, at most 5.0MB with the toast, SPEC §8; saved at once), nickname, job
 * and e-mail with the EditUserInformation dialog, the figures from GET /auth/profile/count,
 * and the marketing agreement.
 */
export function ProfilePanel({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const [pickerKey, setPickerKey] = useState(0);
  const image = useProfileImage();
  const update = useUpdateProfile();
  const { data: count, isError } = useProfileCount();

  const figures = [
    { label: t('figures.sources'), value: count?.sauceCount, hint: count ? t('figures.sourcesHint', { text: count.textSauceCount, image: count.imageSauceCount }) : '' },
    { label: t('figures.spaces'), value: count?.workspaceCount },
    { label: t('figures.tags'), value: count?.tagCount },
  ];

  return (
    <>
      <Panel
        title={t('profile.title')}
        description={t('profile.description')}
        actions={
          <Button onClick={() => setEditing(true)}>
            <Pencil size={16} strokeWidth={1.75} aria-hidden />
            {t('profile.edit')}
          </Button>
        }
      >
        <div className={styles.profile}>
          {/* The picture and its 'Remove image' together (issue #31 item 18), the facts after. */}
          <div className={styles.picture}>
            <ImagePicker
              key={pickerKey}
              label={t('fields.image')}
              currentUrl={user.profileImage}
              fallback={<span className={styles.initial}>{Array.from(user.nickname)[0]?.toUpperCase()}</span>}
              disabled={image.isPending}
              onChange={(file) =>
                image.mutate(file, {
                  onSuccess: () => showToast(t('profile.imageSaved'), 'success'),
                  onError: (e) => {
                    setPickerKey((k) => k + 1);
                    showToast(errorMessage(e), 'error');
                  },
                  onSettled: () => setPickerKey((k) => k + 1),
                })
              }
            />
            {user.profileImage && (
              <Button
                size="small"
                variant="ghost"
                disabled={image.isPending}
                onClick={() => image.mutate(null, { onSettled: () => setPickerKey((k) => k + 1) })}
              >
                {t('profile.removeImage')}
              </Button>
            )}
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>{t('fields.nickname')}</dt>
              <dd>{user.nickname}</dd>
            </div>
            <div>
              <dt>{t('fields.job')}</dt>
              <dd>{t(`jobs.${user.jobType}`)}</dd>
            </div>
            {user.email && (
              <div>
                <dt>{t('fields.email')}</dt>
                <dd>{user.email}</dd>
              </div>
            )}
          </dl>
        </div>
        <ul className={styles.figures} aria-label={t('figures.label')}>
          {figures.map((f) => (
            <Tooltip key={f.label} content={f.hint ?? ''}>
            <li className={styles.figure}>
              <span className={styles.figureValue} aria-busy={f.value === undefined && !isError}>
                {f.value === undefined ? (isError ? '–' : <span className={styles.figureSkeleton} aria-hidden />) : f.value.toLocaleString()}
              </span>
              <span className={styles.figureLabel}>{f.label}</span>
            </li>
            </Tooltip>
          ))}
        </ul>
      </Panel>
      <Panel title={t('marketing.title')}>
        <Switch
          checked={user.agreeMarketing}
          busy={update.isPending}
          label={t('marketing.label')}
          description={t('marketing.description')}
          onCheckedChange={(agreeMarketing) =>
            update.mutate({ agreeMarketing }, { onSuccess: () => showToast(t(agreeMarketing ? 'marketing.on' : 'marketing.off'), 'success'), onError: (e) => showToast(errorMessage(e), 'error') })
          }
        />
      </Panel>
      <EditUserInformationDialog key={`${user.nickname}-${user.jobType}`} user={user} open={editing} onOpenChange={setEditing} />
    </>
  );
}
