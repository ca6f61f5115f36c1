import { challengeCode, zBrowserName, zChallenge, type BrowserName } from '@sauce/contract/tokens';
import { CheckCircle2, Puzzle, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useProfile } from '../../../lib/session.ts';
import { useAllowExtension } from '../api/tokens.ts';
import styles from './connect-extension.module.css';

/**
 * The browser extension's 'Connect' (issue #20): the signed-in person is asked to allow
 * 'Browser extension' for this browser. The page shows the code the extension shows (the
 * first characters of its challenge), so a link someone else made is noticed; Allow sends the
 * challenge, and the extension — which alone holds the verifier — receives its token. The
 * token never passes through this page.
 */
export function ConnectExtension({ challenge, browser }: { challenge: string; browser: string }) {
  const { t } = useTranslation('account');
  const { data: user } = useProfile();
  const allow = useAllowExtension();
  const valid = zChallenge.safeParse(challenge).success;
  const name: BrowserName = zBrowserName.catch('Browser').parse(browser);

  if (!valid) {
    return (
      <EmptyState
        icon={<ShieldAlert size={28} strokeWidth={1.75} />}
        title={t('connect.invalidTitle')}
        description={t('connect.invalidDescription')}
        actions={<ButtonLink to="/dashboard" variant="primary">{t('connect.toDashboard')}</ButtonLink>}
      />
    );
  }
  if (allow.isSuccess) {
    return (
      <EmptyState
        icon={<CheckCircle2 size={28} strokeWidth={1.75} />}
        title={t('connect.doneTitle')}
        description={t('connect.doneDescription')}
        actions={<ButtonLink to="/mypage/profile">{t('connect.manage')}</ButtonLink>}
      />
    );
  }
  const onAllow = () => allow.mutate({ challenge, browser: name }, { onError: (e) => showToast(errorMessage(e), 'error') });
  return (
    <section className={styles.card} aria-labelledby="connect-title">
      <span className={styles.icon} aria-hidden>
        <Puzzle size={28} strokeWidth={1.75} />
      </span>
      <h1 id="connect-title" className={styles.title}>
        {t('connect.title', { browser: t(`connect.browsers.${name}`) })}
      </h1>
      <p className={styles.text}>{t('connect.description', { nickname: user?.nickname ?? '' })}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('connect.code')}</dt>
          <dd>
            <code className={styles.code}>{challengeCode(challenge)}</code>
          </dd>
        </div>
        <div>
          <dt>{t('connect.access')}</dt>
          <dd>{t('connect.accessDescription')}</dd>
        </div>
      </dl>
      <p className={styles.warning}>{t('connect.warning')}</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onAllow} pending={allow.isPending} disabled={!user}>
          {t('connect.allow')}
        </Button>
        <ButtonLink to="/dashboard" variant="ghost">
          {t('connect.cancel')}
        </ButtonLink>
      </div>
    </section>
  );
}
