import { CalendarClock, Eye, EyeOff, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Switch } from '../switch.tsx';
import { TextField } from '../text-field.tsx';
import { showToast } from '../../state/app-store.ts';
import { formatDate } from '../../lib/dates.ts';
import type { ShareSettings, ShareState } from '../../lib/sauces/share-sauce.ts';
import { errorMessage } from '../../lib/sauces/error-message.ts';
import {
  dateInputValue,
  EXPIRY_PRESETS,
  type ExpiryChoice,
  expiryAfterDays,
  expiryDateRange,
  expiryOnDate,
  hasExpired,
  PASSWORD_MAX,
  passwordProblem,
} from '../../lib/sauces/share-settings.ts';
import styles from './share-dialog.module.css';

export interface ShareSettingsPanelProps {
  /** The share's state, on. */
  state: ShareState;
  /** A change is being saved. */
  busy: boolean;
  /** Saves a change (PATCH …/share); rejects with the ApiError. */
  change: (body: ShareSettings) => Promise<ShareState>;
}

/**
 * A share's expiry and password (issue #32), under its link: the line that says both
 * ('Expires on 2026.12.31 · password on'), the expiry — never, in 1, 7 or 30 days, or the end
 * of a chosen day — saved as it is chosen, the password, added, changed or removed, and
 * whether search engines may index the page (off: `noindex`). The link stays the same through
 * every change here.
 */
export function ShareSettingsPanel({ state, busy, change }: ShareSettingsPanelProps) {
  const { t } = useTranslation('share');
  const save = (body: Omit<ShareSettings, 'enabled'>) =>
    change({ enabled: true, ...body }).catch((e: unknown) => {
      showToast(errorMessage(e, t('dialog.saveFailed')), 'error');
      throw e;
    });
  return (
    <section className={styles.settings} aria-label={t('dialog.settings')}>
      <ShareStateLine state={state} />
      <ExpiryField expiresAt={state.expiresAt} busy={busy} save={(expiresAt) => save({ expiresAt })} />
      <PasswordField hasPassword={state.hasPassword} busy={busy} save={(password) => save({ password })} />
      <Switch
        className={styles.setting}
        checked={state.indexable}
        busy={busy}
        onCheckedChange={(indexable) => void save({ indexable }).catch(() => {})}
        label={t('dialog.indexable.label')}
        description={t(state.hasPassword ? 'dialog.indexable.protectedHint' : 'dialog.indexable.hint')}
      />
    </section>
  );
}

/** 'Expires on 2026.12.31 · password on', announced as it changes. */
export function ShareStateLine({ state }: { state: Pick<ShareState, 'expiresAt' | 'hasPassword'> }) {
  const { t } = useTranslation('share');
  const expired = hasExpired(state.expiresAt);
  const expiry = state.expiresAt
    ? t(expired ? 'dialog.state.expired' : 'dialog.state.expires', { date: formatDate(state.expiresAt) })
    : t('dialog.state.never');
  return (
    <p className={`${styles.stateLine} ${expired ? styles.expired : ''}`} role="status">
      <CalendarClock size={14} strokeWidth={1.75} aria-hidden />
      <span>
        {expiry} · {t(state.hasPassword ? 'dialog.state.passwordOn' : 'dialog.state.passwordOff')}
      </span>
    </p>
  );
}

function ExpiryField({ expiresAt, busy, save }: { expiresAt: string | null; busy: boolean; save: (at: string | null) => Promise<unknown> }) {
  const { t } = useTranslation('share');
  const id = useId();
  const [choice, setChoice] = useState<ExpiryChoice>(expiresAt ? 'date' : 'never');
  const [date, setDate] = useState(expiresAt ? dateInputValue(new Date(expiresAt)) : '');
  const [outOfRange, setOutOfRange] = useState(false);
  const range = expiryDateRange();

  const choose = (next: ExpiryChoice) => {
    const before = choice;
    setChoice(next);
    if (next === 'date') return; // waits for a day
    save(next === 'never' ? null : expiryAfterDays(Number(next))).catch(() => setChoice(before));
  };
  const pick = (value: string) => {
    setDate(value);
    const at = expiryOnDate(value);
    const inRange = !!at && value >= range.min && value <= range.max;
    setOutOfRange(!!value && !inRange);
    if (at && inRange) void save(at).catch(() => {});
  };

  return (
    <div className={styles.setting}>
      <div className={styles.settingText}>
        <label htmlFor={`${id}-expiry`} className={styles.settingLabel}>
          {t('dialog.expiry.label')}
        </label>
      </div>
      <select
        id={`${id}-expiry`}
        className={styles.select}
        value={choice}
        aria-busy={busy || undefined}
        onChange={(e) => choose(e.currentTarget.value as ExpiryChoice)}
      >
        <option value="never">{t('dialog.expiry.never')}</option>
        {EXPIRY_PRESETS.map((days) => (
          <option key={days} value={String(days)}>
            {t('dialog.expiry.days', { count: days })}
          </option>
        ))}
        <option value="date">{t('dialog.expiry.date')}</option>
      </select>
      {choice === 'date' && (
        <div className={styles.settingWide}>
          <TextField
            type="date"
            label={t('dialog.expiry.dateLabel')}
            value={date}
            onChange={pick}
            min={range.min}
            max={range.max}
            error={outOfRange ? t('dialog.expiry.outOfRange') : null}
            {...(outOfRange ? {} : { 'aria-describedby': `${id}-date-hint` })}
          />
          {!outOfRange && (
            <p id={`${id}-date-hint`} className={styles.settingHint}>
              {t('dialog.expiry.dateHint')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function PasswordField({ hasPassword, busy, save }: { hasPassword: boolean; busy: boolean; save: (password: string | null) => Promise<unknown> }) {
  const { t } = useTranslation('share');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<'empty' | 'long' | null>(null);

  const close = () => {
    setEditing(false);
    setValue('');
    setProblem(null);
    setShown(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = passwordProblem(value);
    setProblem(found);
    if (found) return;
    save(value).then(() => {
      close();
      showToast(t('dialog.password.saved'), 'success');
    }, () => {});
  };
  const remove = () => save(null).then(() => showToast(t('dialog.password.removed'), 'success'), () => {});

  return (
    <div className={styles.setting}>
      <div className={styles.settingText}>
        <span id={`${id}-label`} className={styles.settingLabel}>
          <KeyRound size={14} strokeWidth={1.75} aria-hidden />
          {t('dialog.password.label')}
        </span>
        <span className={styles.settingHint}>{t(hasPassword ? 'dialog.password.onHint' : 'dialog.password.offHint')}</span>
      </div>
      {!editing && (
        <div className={styles.settingActions}>
          {hasPassword ? (
            <>
              <Button size="small" onClick={() => setEditing(true)} disabled={busy} aria-describedby={`${id}-label`}>
                {t('dialog.password.change')}
              </Button>
              <Button size="small" variant="ghost" onClick={() => void remove()} disabled={busy} aria-describedby={`${id}-label`}>
                {t('dialog.password.remove')}
              </Button>
            </>
          ) : (
            <Button size="small" onClick={() => setEditing(true)} disabled={busy}>
              {t('dialog.password.add')}
            </Button>
          )}
        </div>
      )}
      {editing && (
        <form className={`${styles.settingWide} ${styles.passwordForm}`} onSubmit={submit} noValidate>
          <TextField
            type={shown ? 'text' : 'password'}
            label={t('dialog.password.field')}
            value={value}
            onChange={(v) => {
              setValue(v.slice(0, PASSWORD_MAX + 1));
              setProblem(null);
            }}
            autoComplete="new-password"
            autoFocus
            spellCheck={false}
            error={problem === 'empty' ? t('dialog.password.empty') : problem === 'long' ? t('dialog.password.tooLong', { max: PASSWORD_MAX }) : null}
          />
          <div className={styles.passwordActions}>
            <Button size="small" variant="ghost" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
              {shown ? <EyeOff size={14} strokeWidth={1.75} aria-hidden /> : <Eye size={14} strokeWidth={1.75} aria-hidden />}
              {t('dialog.password.show')}
            </Button>
            <span className={styles.grow} />
            <Button size="small" onClick={close}>
              {t('dialog.password.cancel')}
            </Button>
            <Button size="small" variant="primary" type="submit" pending={busy}>
              {t('dialog.password.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
