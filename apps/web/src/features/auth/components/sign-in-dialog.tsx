import { LIMITS } from '@sauce/contract/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { useAuthConfig } from '../api/auth-config.ts';
import { appleAuthorizeUrl, appleSignUp, devSignIn, googleSignIn, googleSignUp } from '../api/sign-in.ts';
import { useAppleSignUpMarker } from '../hooks/use-apple-sign-up.ts';
import { closeSignIn, completeSignIn } from '../../../lib/sign-in-modal.ts';
import { AppleMark, GoogleSignInButton, ProviderFallback } from './google-sign-in-button.tsx';
import styles from './sign-in-dialog.module.css';
import { TermsStep } from './terms-step.tsx';

/** Width of the dialog's buttons, px (Google's rendered button takes a number). */
const BUTTON_WIDTH = 320;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The Authentication dialog (SPEC §2 Dialogs, §4 Sign-in): Google, Apple, and the
 * development sign-in when the server allows it. Providers the server has not configured
 * are shown disabled with a hint. A new Google user goes through the terms step first; so
 * does a new Apple user, whom the server sends back with the marker `?signup=apple` (issue
 * #31 item 4): agreeing completes the sign-up (POST /auth/apple/signup with the marketing
 * choice), going back or closing cancels it; either way the marker leaves the address.
 */
export function SignInDialog() {
  const { t } = useTranslation('auth');
  const { open, preventClose } = useAppStore((s) => s.login);
  const { data: config, isPending } = useAuthConfig(open);
  const navigate = useNavigate();
  const [signUpToken, setSignUpToken] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const apple = useAppleSignUpMarker();
  const inTerms = !!signUpToken || apple.marked;

  const finish = async () => {
    setSignUpToken(null);
    await completeSignIn();
  };
  const run = async (work: () => Promise<unknown>) => {
    setPending(true);
    try {
      await work();
      await finish();
    } catch (e) {
      showToast(e instanceof ApiError && e.code !== 'SYSTEM_ERROR' ? errorMessage(e) : t('failed'), 'error');
    } finally {
      setPending(false);
    }
  };

  const onGoogle = (credential: string) =>
    void (async () => {
      setPending(true);
      try {
        await googleSignIn(credential);
        await finish();
      } catch (e) {
        // SPEC §4: 404 'User not exist' → sign-up, after the terms.
        if (e instanceof ApiError && e.code === 'USER_NOT_EXIST') setSignUpToken(credential);
        else {
          console.error('Google sign-in failed', e); // SPEC §8: logged
          showToast(t('failed'), 'error');
        }
      } finally {
        setPending(false);
      }
    })();

  const onAppleTerms = (agreeMarketing: boolean) =>
    void (async () => {
      setPending(true);
      try {
        await appleSignUp(agreeMarketing);
        apple.clear();
        await finish();
      } catch (e) {
        // The verified identity waits 10 minutes: past that (or gone), Apple again.
        if (e instanceof ApiError && e.code === 'UNAUTHENTICATED') {
          apple.clear();
          showToast(t('appleSignUpExpired'), 'error');
        } else {
          showToast(e instanceof ApiError && e.code !== 'SYSTEM_ERROR' ? errorMessage(e) : t('failed'), 'error');
        }
      } finally {
        setPending(false);
      }
    })();

  const onOpenChange = (o: boolean) => {
    if (o) return;
    setSignUpToken(null);
    if (apple.marked) apple.clear();
    closeSignIn();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      preventClose={preventClose}
      title={inTerms ? t('terms.title') : t('title')}
      description={inTerms ? undefined : t('description')}
      width={400}
    >
      {signUpToken ? (
        <TermsStep
          pending={pending}
          onBack={() => setSignUpToken(null)}
          onSubmit={(agreeMarketing) => void run(() => googleSignUp(signUpToken, agreeMarketing))}
        />
      ) : apple.marked ? (
        <TermsStep key="apple" pending={pending} onBack={apple.clear} onSubmit={onAppleTerms} />
      ) : (
        <div className={styles.body}>
          <div className={styles.providers} aria-busy={isPending}>
            {isPending || !config ? (
              <>
                <div className={styles.providerSkeleton} aria-label={t('providersLoading')} role="status" />
                <div className={styles.providerSkeleton} aria-hidden />
              </>
            ) : (
              <>
                {config.google ? (
                  <GoogleSignInButton clientId={config.google.clientId} onCredential={onGoogle} width={BUTTON_WIDTH} />
                ) : (
                  <ProviderFallback provider="google" hint={t('googleUnavailable')} />
                )}
                {config.apple ? (
                  <button
                    type="button"
                    className={`${styles.provider} ${styles.apple}`}
                    onClick={() =>
                      window.location.assign(appleAuthorizeUrl(window.location.pathname + window.location.search))
                    }
                  >
                    <AppleMark />
                    <span>{t('apple')}</span>
                  </button>
                ) : (
                  <ProviderFallback provider="apple" hint={t('appleUnavailable')} />
                )}
              </>
            )}
          </div>
          {config?.devLogin && <DevSignInForm pending={pending} onSubmit={(body) => void run(() => devSignIn(body))} />}
          {preventClose && (
            <button
              type="button"
              className={styles.browse}
              onClick={() => {
                closeSignIn();
                void navigate('/article');
              }}
            >
              {t('browseArticles')}
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Development sign-in: email and an optional nickname (POST /auth/dev/signin). */
function DevSignInForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit(body: { email: string; nickname?: string }): void;
}) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [nickname, setNickname] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = EMAIL.test(email.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid || pending) return;
    onSubmit({ email: email.trim(), nickname: nickname.trim() || undefined });
  };
  return (
    <form className={styles.dev} onSubmit={submit} noValidate aria-labelledby="dev-signin-title">
      <div className={styles.divider}>
        <span id="dev-signin-title">{t('dev.divider')}</span>
      </div>
      <TextField
        label={t('dev.email')}
        type="email"
        value={email}
        onChange={setEmail}
        placeholder={t('dev.emailPlaceholder')}
        autoComplete="email"
        autoFocus
        error={touched && !valid ? t('dev.invalidEmail') : null}
        required
      />
      <TextField
        label={t('dev.nickname')}
        value={nickname}
        onChange={setNickname}
        maxLength={LIMITS.nicknameLength}
        placeholder={t('dev.nicknamePlaceholder')}
        autoComplete="nickname"
      />
      <Button type="submit" variant="primary" disabled={pending} className={styles.devSubmit}>
        {t('dev.submit')}
      </Button>
    </form>
  );
}
