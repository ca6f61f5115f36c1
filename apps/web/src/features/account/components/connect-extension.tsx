import { challengeCode, zBrowserName, zChallenge, type BrowserName } from '@sauce/contract/tokens';
import { CheckCircle2, Puzzle, ShieldAlert, Unplug } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useProfile } from '../../../lib/session.ts';
import { showToast } from '../../../state/app-store.ts';
import { askExtension, handToExtension } from '../api/extension-bridge.ts';
import { useAllowExtension } from '../api/tokens.ts';
import styles from './connect-extension.module.css';

/**
 * Where the connection stands: looking for the extension that opened this tab; it waits for
 * this challenge (Allow is offered); nobody answers for it; the code is on its way; connected;
 * the extension did not take the code; the challenge was already allowed.
 */
type Phase = 'looking' | 'ready' | 'unreachable' | 'sending' | 'done' | 'failed' | 'used';

/**
 * The browser extension's 'Connect' (issue #20; issue #28 item 5): the signed-in person is
 * asked to allow the Sauce extension for this browser, with the code the extension shows.
 * Allow is offered only once the extension that opened this tab says it waits for this
 * challenge; a link someone else made finds no extension and says so. Allow answers a
 * one-time code that the page hands to that extension only, which trades it with its own
 * verifier for its token: the token never passes through this page, and the one who made the
 * link gets nothing.
 */
export function ConnectExtension({ challenge, browser }: { challenge: string; browser: string }) {
  const { t } = useTranslation('account');
  const { data: user } = useProfile();
  const allow = useAllowExtension();
  const valid = zChallenge.safeParse(challenge).success;
  const name: BrowserName = zBrowserName.catch('Browser').parse(browser);
  const [phase, setPhase] = useState<Phase>('looking');
  const [code, setCode] = useState('');

  const ask = useCallback(() => void askExtension(window, challenge).then((waiting) => setPhase(waiting ? 'ready' : 'unreachable')), [challenge]);
  useEffect(() => {
    if (valid) ask();
  }, [valid, ask]);
  const look = () => {
    setPhase('looking');
    ask();
  };

  const hand = (grantCode: string) => {
    setCode(grantCode);
    setPhase('sending');
    void handToExtension(window, challenge, grantCode).then((connected) => setPhase(connected ? 'done' : 'failed'));
  };
  const onAllow = () =>
    allow.mutate(
      { challenge, browser: name },
      {
        onSuccess: (grant) => hand(grant.code),
        onError: (e) => (e instanceof ApiError && e.code === 'CONNECTION_USED' ? setPhase('used') : showToast(errorMessage(e), 'error')),
      },
    );

  const toDashboard = (
    <ButtonLink to="/dashboard" variant="primary">
      {t('connect.toDashboard')}
    </ButtonLink>
  );
  if (!valid) {
    return <EmptyState icon={<ShieldAlert size={28} strokeWidth={1.75} />} title={t('connect.invalidTitle')} description={t('connect.invalidDescription')} actions={toDashboard} />;
  }
  if (phase === 'done') {
    return (
      <EmptyState
        icon={<CheckCircle2 size={28} strokeWidth={1.75} />}
        title={t('connect.doneTitle')}
        description={t('connect.doneDescription', { browser: t(`connect.browsers.${name}`), nickname: user?.nickname ?? '' })}
        actions={<ButtonLink to="/mypage/profile">{t('connect.manage')}</ButtonLink>}
      />
    );
  }
  if (phase === 'unreachable') {
    return (
      <EmptyState
        icon={<Unplug size={28} strokeWidth={1.75} />}
        title={t('connect.unreachableTitle')}
        description={t('connect.unreachableDescription')}
        actions={
          <>
            <Button onClick={look}>{t('connect.retry')}</Button>
            {toDashboard}
          </>
        }
      />
    );
  }
  if (phase === 'failed') {
    return (
      <EmptyState
        icon={<Unplug size={28} strokeWidth={1.75} />}
        title={t('connect.failedTitle')}
        description={t('connect.failedDescription')}
        actions={
          <>
            <Button variant="primary" onClick={() => hand(code)}>
              {t('connect.retry')}
            </Button>
            {toDashboard}
          </>
        }
      />
    );
  }
  if (phase === 'used') {
    return <EmptyState icon={<ShieldAlert size={28} strokeWidth={1.75} />} title={t('connect.usedTitle')} description={t('connect.invalidDescription')} actions={toDashboard} />;
  }
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
        <Button variant="primary" onClick={onAllow} pending={phase !== 'ready' || allow.isPending} disabled={!user}>
          {t('connect.allow')}
        </Button>
        <ButtonLink to="/dashboard" variant="ghost">
          {t('connect.cancel')}
        </ButtonLink>
      </div>
      <p className={styles.status} role="status">
        {phase === 'looking' ? t('connect.looking') : phase === 'sending' ? t('connect.sending') : ''}
      </p>
    </section>
  );
}
