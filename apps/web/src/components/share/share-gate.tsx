import { Clock, KeyRound, Lock, RotateCw, SearchX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { ButtonLink } from '../button-link.tsx';
import { DocumentTitle } from '../document-title.tsx';
import { EmptyState } from '../empty-state.tsx';
import { TextField } from '../text-field.tsx';
import { ApiError } from '../../lib/api.ts';
import styles from './share-gate.module.css';

/** What a public link shows: one source (SPEC §2 /archive/sauce/share/{id}) or a folder's board (issue #32). */
export type SharedKind = 'source' | 'board';

export interface ShareGateProps {
  kind: SharedKind;
  /** Why the shared page did not load (the query's error). */
  error: unknown;
  signedIn: boolean;
  /** Sends the visitor's password (POST …/unlock); rejects with the ApiError. */
  unlock: (password: string) => Promise<unknown>;
  /** The password was right: read the page again (the form waits for it). */
  onUnlocked: () => Promise<unknown>;
  retry: () => void;
  retrying: boolean;
}

/**
 * Everything a public link shows instead of what it shares (SPEC §8, issue #32), the same for
 * a source and a board: the password form (401 SHARE_PASSWORD_REQUIRED), 'This link has
 * expired' (410 SHARE_EXPIRED), the private notice (404 SAUCE_PRIVATE or BOARD_PRIVATE), not
 * found (any other 404), and a failed load with 'Try again'; each with a way on — the
 * person's sources when signed in, else Sauce's landing page.
 */
export function ShareGate({ kind, error, signedIn, unlock, onUnlocked, retry, retrying }: ShareGateProps) {
  const { t } = useTranslation('share');
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'SHARE_PASSWORD_REQUIRED') return <UnlockForm kind={kind} unlock={unlock} onUnlocked={onUnlocked} />;
  const board = kind === 'board';
  const missing = error instanceof ApiError && error.status === 404;
  const state =
    code === 'SHARE_EXPIRED'
      ? { title: t('page.expired'), description: t('page.expiredDescription'), icon: Clock }
      : code === 'SAUCE_PRIVATE' || code === 'BOARD_PRIVATE'
        ? { title: t(board ? 'page.boardPrivate' : 'page.private'), description: t(board ? 'page.boardPrivateDescription' : 'page.privateDescription'), icon: Lock }
        : missing
          ? { title: t(board ? 'page.boardNotFound' : 'page.notFound'), description: t(board ? 'page.boardNotFoundDescription' : 'page.notFoundDescription'), icon: SearchX }
          : { title: t(board ? 'page.boardLoadFailed' : 'page.loadFailed'), description: undefined, icon: SearchX };
  const final = code === 'SHARE_EXPIRED' || missing;
  const Icon = state.icon;
  return (
    <>
      <DocumentTitle>{`${state.title} · Sauce`}</DocumentTitle>
      <EmptyState
        icon={<Icon size={28} strokeWidth={1.75} />}
        title={state.title}
        description={state.description}
        actions={
          <>
            {!final && (
              <Button variant="primary" onClick={retry} disabled={retrying}>
                <RotateCw size={16} strokeWidth={1.75} aria-hidden />
                {t('page.retry')}
              </Button>
            )}
            <ButtonLink to={signedIn ? '/dashboard' : '/intro'} variant={final ? 'primary' : 'secondary'}>
              {t(signedIn ? 'page.toDashboard' : 'page.toIntro')}
            </ButtonLink>
          </>
        }
      />
    </>
  );
}

/**
 * The password a protected link asks for first (issue #32). A wrong one is said under the
 * field and the field keeps it selected for another try; too many tries (429) ask the visitor
 * to wait. Nothing here says whether the link exists: the server answers the same for any.
 */
function UnlockForm({ kind, unlock, onUnlocked }: Pick<ShareGateProps, 'kind' | 'unlock' | 'onUnlocked'>) {
  const { t } = useTranslation('share');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || sending) return;
    setSending(true);
    setProblem(null);
    try {
      await unlock(password);
      await onUnlocked();
      setSending(false);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      setProblem(t(code === 'SHARE_PASSWORD_WRONG' ? 'lock.wrong' : code === 'RATE_LIMITED' ? 'lock.rateLimited' : 'lock.failed'));
      setSending(false);
    }
  };
  return (
    <>
      <DocumentTitle>{`${t('lock.title')} · Sauce`}</DocumentTitle>
      <section className={styles.lock} aria-labelledby="share-lock-title">
        <div className={styles.lockIcon} aria-hidden>
          <KeyRound size={24} strokeWidth={1.75} />
        </div>
        <h1 id="share-lock-title" className={styles.lockTitle}>
          {t('lock.title')}
        </h1>
        <p className={styles.lockText}>{t(kind === 'board' ? 'lock.boardDescription' : 'lock.description')}</p>
        <form className={styles.lockForm} onSubmit={submit} noValidate>
          <TextField
            type="password"
            label={t('lock.field')}
            value={password}
            onChange={(v) => {
              setPassword(v);
              setProblem(null);
            }}
            autoComplete="off"
            autoFocus
            spellCheck={false}
            error={problem}
          />
          <Button type="submit" variant="primary" pending={sending} disabled={!password} className={styles.lockSubmit}>
            {t('lock.submit')}
          </Button>
        </form>
      </section>
    </>
  );
}
