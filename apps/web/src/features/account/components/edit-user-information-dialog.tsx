import { LIMITS } from '@sauce/contract/limits';
import type { User } from '@sauce/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useUpdateProfile } from '../../../lib/session.ts';
import { localNicknameProblem, nicknameMessage, serverNicknameProblem } from '../lib/nickname.ts';
import { JobSelect, type JobType } from './job-select.tsx';
import styles from './account.module.css';

/**
 * EditUserInformation (SPEC §2): nickname (1–15 characters, no spaces or emoji, unique
 * ignoring case — the server's 400 is the duplicate, SPEC §5) and job (a list that scrolls
 * above 6 entries). Save waits for a change and a valid name.
 */
export function EditUserInformationDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange(o: boolean): void }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const [nickname, setNickname] = useState(user.nickname);
  const [job, setJob] = useState<JobType>(user.jobType);
  const [serverProblem, setServerProblem] = useState<ReturnType<typeof serverNicknameProblem>>(null);
  const local = localNicknameProblem(nickname);
  const problem = local ?? serverProblem;
  const changed = nickname.trim() !== user.nickname || job !== user.jobType;
  const ready = changed && nickname.trim() !== '' && !local;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || update.isPending) return;
    update.mutate(
      { ...(nickname.trim() !== user.nickname ? { nickname } : {}), ...(job !== user.jobType ? { jobType: job } : {}) },
      {
        onSuccess: () => {
          showToast(t('edit.saved'), 'success');
          onOpenChange(false);
        },
        onError: (err) => {
          const p = serverNicknameProblem(err);
          if (p) setServerProblem(p);
          else showToast(errorMessage(err), 'error');
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setNickname(user.nickname);
          setJob(user.jobType);
          setServerProblem(null);
        }
        onOpenChange(o);
      }}
      title={t('edit.title')}
      description={t('edit.description')}
      width={420}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <TextField
          label={t('fields.nickname')}
          value={nickname}
          onChange={(v) => {
            setNickname(v);
            setServerProblem(null);
          }}
          maxLength={LIMITS.nicknameLength}
          error={problem ? nicknameMessage(t, problem) : null}
          autoComplete="nickname"
          enterKeyHint="done"
          autoFocus
        />
        <JobSelect value={job} onChange={setJob} disabled={update.isPending} />
        <div className={styles.dialogActions}>
          <Button onClick={() => onOpenChange(false)}>{t('common:cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!ready} pending={update.isPending}>
            {t('common:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
