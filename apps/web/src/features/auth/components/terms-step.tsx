import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import styles from './sign-in-dialog.module.css';
import { allAgreed, NO_TERMS, requiredAgreed, type TermKey, type Terms, toggleTerm } from './terms.ts';

export interface TermsStepProps {
  pending?: boolean;
  onBack(): void;
  /** Called once the required terms are agreed, with the optional marketing choice. */
  onSubmit(agreeMarketing: boolean): void;
}

/** Sign-up terms (SPEC §2 Dialogs, §4 Terms): all, service (required), privacy (required), marketing (optional). */
export function TermsStep({ pending, onBack, onSubmit }: TermsStepProps) {
  const { t } = useTranslation('auth');
  const [terms, setTerms] = useState<Terms>(NO_TERMS);
  const toggle = (key: TermKey) => setTerms((s) => toggleTerm(s, key));
  const rows: { key: keyof Terms; required: boolean }[] = [
    { key: 'service', required: true },
    { key: 'privacy', required: true },
    { key: 'marketing', required: false },
  ];
  return (
    <div className={styles.terms}>
      <p className={styles.lead}>{t('terms.description')}</p>
      <label className={`${styles.check} ${styles.checkAll}`}>
        <input type="checkbox" checked={allAgreed(terms)} onChange={() => toggle('all')} />
        <span className={styles.checkBox} aria-hidden>
          <Check size={12} strokeWidth={2.5} />
        </span>
        <span>{t('terms.all')}</span>
      </label>
      <ul className={styles.termList}>
        {rows.map(({ key, required }) => (
          <li key={key}>
            <label className={styles.check}>
              <input type="checkbox" checked={terms[key]} onChange={() => toggle(key)} required={required} />
              <span className={styles.checkBox} aria-hidden>
                <Check size={12} strokeWidth={2.5} />
              </span>
              <span>
                <span className={required ? styles.required : styles.optional}>
                  ({required ? t('terms.required') : t('terms.optional')})
                </span>{' '}
                {t(`terms.${key}`)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className={styles.termsActions}>
        <Button onClick={onBack}>{t('terms.back')}</Button>
        <Button
          variant="primary"
          disabled={!requiredAgreed(terms) || pending}
          onClick={() => onSubmit(terms.marketing)}
        >
          {t('terms.submit')}
        </Button>
      </div>
    </div>
  );
}
