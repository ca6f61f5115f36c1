import { WITHDRAWAL_REASONS } from '@sauce/contract/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { Panel } from '../../../components/panel.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { forgetSession } from '../../../lib/query-client.ts';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { useWithdraw, useWithdrawalPreview } from '../api/withdrawal.ts';
import styles from './account.module.css';

/** The danger zone of /mypage/profile: leaving Sauce (SPEC §2 WithdrawalSurvey). */
export function WithdrawalPanel() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  return (
    <Panel
      tone="danger"
      title={t('withdrawal.title')}
      description={t('withdrawal.description')}
      actions={
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('withdrawal.open')}
        </Button>
      }
    >
      {open && <WithdrawalSurvey onClose={() => setOpen(false)} />}
    </Panel>
  );
}

/**
 * WithdrawalSurvey (SPEC §2, §5): one of the reasons 1–6 is required; the next step says
 * what will be deleted and what stays (GET /auth/withdrawal) and asks to confirm. The only
 * owner of a space with other members is sent to hand it over first (409 OWNS_SHARED_SPACES).
 * After deletion the session is gone: state and cache are cleared and the app goes to the
 * article page.
 */
function WithdrawalSurvey({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [reason, setReason] = useState<number | null>(null);
  const [step, setStep] = useState<'survey' | 'confirm'>('survey');
  const preview = useWithdrawalPreview(step === 'confirm');
  const withdraw = useWithdraw();
  const blocking = preview.data?.blockingWorkspaces ?? [];

  const confirm = () => {
    if (reason === null) return;
    withdraw.mutate(reason, {
      onSuccess: async () => {
        useAppStore.getState().reset();
        onClose();
        await navigate('/article');
        forgetSession();
        showToast(t('withdrawal.done'), 'info');
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'OWNS_SHARED_SPACES') void preview.refetch();
        else showToast(errorMessage(e), 'error');
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !withdraw.isPending && onClose()}
      title={step === 'survey' ? t('withdrawal.surveyTitle') : t('withdrawal.confirmTitle')}
      description={step === 'survey' ? t('withdrawal.surveyDescription') : t('withdrawal.confirmDescription')}
      width={440}
      footer={
        step === 'survey' ? (
          <>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button variant="primary" disabled={reason === null} onClick={() => setStep('confirm')}>
              {t('withdrawal.next')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('survey')} disabled={withdraw.isPending}>
              {t('withdrawal.back')}
            </Button>
            <Button variant="danger" disabled={!preview.data || blocking.length > 0} pending={withdraw.isPending} onClick={confirm}>
              {t('withdrawal.confirm')}
            </Button>
          </>
        )
      }
    >
      {step === 'survey' ? (
        <div role="radiogroup" aria-label={t('withdrawal.reasonLabel')} className={styles.reasons}>
          {WITHDRAWAL_REASONS.map((r) => (
            <label key={r} className={`${styles.reason} ${reason === r ? styles.reasonChecked : ''}`}>
              <input type="radio" name="withdrawal-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`withdrawal.reasons.${r}`)}</span>
            </label>
          ))}
        </div>
      ) : !preview.data ? (
        <p className={styles.sectionText} aria-busy>
          {preview.isError ? errorMessage(preview.error) : t('common:loading')}
        </p>
      ) : blocking.length > 0 ? (
        <div className={styles.blocking} role="alert">
          <p>{t('withdrawal.blocking')}</p>
          <ul>
            {blocking.map((w) => (
              <li key={w.id}>
                {t('withdrawal.blockingSpace', { name: w.name, count: w.memberCount })}
              </li>
            ))}
          </ul>
          <Link to="/workspace/memberManagement" onClick={onClose}>
            {t('withdrawal.handOver')}
          </Link>
        </div>
      ) : (
        <ul className={styles.consequences}>
          <li>{t('withdrawal.deletesSources', { count: preview.data.sauceCount })}</li>
          <li>{t('withdrawal.deletesSpaces', { names: preview.data.deletedWorkspaces.map((w) => (w.name === 'My space' ? t('withdrawal.mySpace') : w.name)).join(', ') })}</li>
          {preview.data.leftWorkspaces.length > 0 && (
            <li>{t('withdrawal.leavesSpaces', { names: preview.data.leftWorkspaces.map((w) => w.name).join(', ') })}</li>
          )}
          <li>{t('withdrawal.irreversible')}</li>
        </ul>
      )}
    </Dialog>
  );
}
