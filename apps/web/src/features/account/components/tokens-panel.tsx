import { LIMITS } from '@sauce/contract/limits';
import type { CreatedToken, TokenScope } from '@sauce/contract/tokens';
import { Copy, KeyRound } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Panel } from '../../../components/panel.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useCreateToken, useRevokeToken, useTokens } from '../api/tokens.ts';
import styles from './tokens-panel.module.css';

/**
 * 'Access tokens' on /mypage/profile (issue #20): make a token with a name and a scope
 * (read, or read and write), shown once with a copy button; the list with created and
 * last-used times; revoke (confirmed). The browser extension's token is one of them.
 */
export function TokensPanel() {
  const { t } = useTranslation('account');
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = () => {
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (token) => {
          setCreated(token);
          setName('');
        },
        onError: (e) => showToast(errorMessage(e), 'error'),
      },
    );
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      showToast(t('tokens.copied'), 'success');
    } catch {
      showToast(t('tokens.copyFailed'), 'error');
    }
  };
  const remove = async (id: number, tokenName: string) => {
    const ok = await confirmDialog({
      title: t('tokens.revokeTitle'),
      description: t('tokens.revokeMessage', { name: tokenName }),
      confirmText: t('tokens.revoke'),
      destructive: true,
    });
    if (!ok) return;
    revoke.mutate(id, {
      onSuccess: () => {
        if (created?.id === id) setCreated(null);
        showToast(t('tokens.revoked'), 'info');
      },
      onError: (e) => showToast(errorMessage(e), 'error'),
    });
  };

  const list = tokens.data ?? [];
  return (
    <Panel title={t('tokens.title')} description={t('tokens.description')}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label={t('tokens.name')} value={name} onChange={setName} maxLength={LIMITS.tokenNameLength} placeholder={t('tokens.namePlaceholder')} />
        <fieldset className={styles.scopes}>
          <legend className={styles.legend}>{t('tokens.scope')}</legend>
          {(['read', 'write'] as const).map((s) => (
            <label key={s} className={styles.scope}>
              <input type="radio" name="token-scope" value={s} checked={scope === s} onChange={() => setScope(s)} />
              {t(`tokens.scopes.${s}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="primary" disabled={!name.trim()} pending={create.isPending}>
          {t('tokens.create')}
        </Button>
      </form>

      {created && (
        <div className={styles.created} role="status">
          <p className={styles.createdTitle}>{t('tokens.createdTitle', { name: created.name })}</p>
          <p className={styles.createdHint}>{t('tokens.createdHint')}</p>
          <div className={styles.secretRow}>
            <code className={styles.secret} aria-label={t('tokens.secretLabel')}>
              {created.token}
            </code>
            <Button onClick={() => void copy(created.token)}>
              <Copy size={16} aria-hidden /> {t('tokens.copy')}
            </Button>
          </div>
        </div>
      )}

      {list.length === 0 ? (
        <p className={styles.empty}>{tokens.isPending ? '' : t('tokens.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('tokens.listLabel')}>
          {list.map((token) => (
            <li key={token.id} className={styles.row}>
              <KeyRound size={18} aria-hidden className={styles.icon} />
              <div className={styles.rowText}>
                <span className={styles.rowName}>{token.name}</span>
                <span className={styles.rowMeta}>
                  {/* Each fact on one line: a date never breaks from its time on a phone. */}
                  {[
                    t(`tokens.scopes.${token.scope}`),
                    t('tokens.createdAt', { when: formatDateTime(token.createdAt) }),
                    token.lastUsedAt ? t('tokens.lastUsed', { when: formatDateTime(token.lastUsedAt) }) : t('tokens.neverUsed'),
                    ...(token.expiresAt ? [t('tokens.expires', { when: formatDateTime(token.expiresAt) })] : []),
                  ].map((fact, i) => (
                    <Fragment key={i}>
                      {i > 0 && ' · '}
                      <span className={styles.fact}>{fact}</span>
                    </Fragment>
                  ))}
                </span>
              </div>
              <Button variant="danger" size="small" onClick={() => void remove(token.id, token.name)} aria-label={t('tokens.revokeNamed', { name: token.name })}>
                {t('tokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
