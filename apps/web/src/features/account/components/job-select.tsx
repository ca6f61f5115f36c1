import { JOB_TYPES } from '@sauce/contract/auth';
import { Check } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './account.module.css';

export type JobType = (typeof JOB_TYPES)[number];

/**
 * The job selector of EditUserInformation (SPEC §2, §3 Job types): a radio group whose list
 * scrolls when it has more than 6 entries (SPEC §9). Arrow keys move the choice, as radios do.
 */
export function JobSelect({ value, onChange, disabled }: { value: JobType; onChange(v: JobType): void; disabled?: boolean }) {
  const { t } = useTranslation('account');
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = JOB_TYPES[(i + step + JOB_TYPES.length) % JOB_TYPES.length]!;
    onChange(next);
    list.current?.querySelector<HTMLElement>(`[data-job="${next}"]`)?.focus();
  };
  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {t('fields.job')}
      </span>
      <div
        ref={list}
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        className={`${styles.jobList} ${JOB_TYPES.length > 6 ? styles.jobListScroll : ''}`}
      >
        {JOB_TYPES.map((job, i) => {
          const checked = job === value;
          return (
            <button
              key={job}
              type="button"
              role="radio"
              aria-checked={checked}
              data-job={job}
              tabIndex={checked ? 0 : -1}
              disabled={disabled}
              className={`${styles.jobOption} ${checked ? styles.jobChecked : ''}`}
              onClick={() => onChange(job)}
              onKeyDown={(e) => move(e, i)}
            >
              <span>{t(`jobs.${job}`)}</span>
              {checked && <Check size={16} strokeWidth={1.75} aria-hidden />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
