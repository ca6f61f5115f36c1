import { FolderPlus, MousePointerClick, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { useUpdateProfile } from '../../../lib/session.ts';
import styles from './tutorial-walkthrough.module.css';

const STEPS = [
  { key: 'create', icon: MousePointerClick },
  { key: 'type', icon: Sparkles },
  { key: 'organise', icon: FolderPlus },
] as const;

/** A viewer's steps (issue #31 item 7): what they can do here, not 'Create source', which they do not have. */
const VIEWER_STEPS = [
  { key: 'view', icon: MousePointerClick },
  { key: 'find', icon: Sparkles },
  { key: 'own', icon: FolderPlus },
] as const;

export interface TutorialWalkthroughProps {
  /** The person only views the space in view (READER): the steps say what they can do. */
  viewer?: boolean;
}

/**
 * The first-visit walkthrough (SPEC §3 User.tutorial, issue #8): three short steps in a card
 * at the corner of the dashboard — of creating a source, or for a viewer of viewing one. It
 * never blocks the page (on a phone a compact strip above the feedback button); finishing or
 * closing it sets `tutorial` on the profile, so it does not come back on any device.
 */
export function TutorialWalkthrough({ viewer = false }: TutorialWalkthroughProps) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState(0);
  const [hidden, setHidden] = useState(false);
  const update = useUpdateProfile();
  if (hidden) return null;
  const dismiss = () => {
    setHidden(true);
    update.mutate({ tutorial: true });
  };
  const steps = viewer ? VIEWER_STEPS : STEPS;
  const current = steps[step]!;
  const Icon = current.icon;
  const last = step === steps.length - 1;
  return (
    <section className={styles.card} aria-labelledby="tutorial-title" aria-live="polite">
      <button type="button" className={styles.close} aria-label={t('tutorial.close')} onClick={dismiss}>
        <X size={16} strokeWidth={1.75} aria-hidden />
      </button>
      <span className={styles.icon} aria-hidden>
        <Icon size={20} strokeWidth={1.75} />
      </span>
      <p className={styles.step}>{t('tutorial.step', { n: step + 1, total: steps.length })}</p>
      <h2 id="tutorial-title" className={styles.title}>
        {t(`tutorial.${current.key}.title`)}
      </h2>
      <p className={styles.text}>{t(`tutorial.${current.key}.text`)}</p>
      <div className={styles.actions}>
        {!last && (
          <Button size="small" variant="ghost" onClick={dismiss}>
            {t('tutorial.skip')}
          </Button>
        )}
        <Button size="small" variant="primary" onClick={() => (last ? dismiss() : setStep(step + 1))}>
          {last ? t('tutorial.done') : t('tutorial.next')}
        </Button>
      </div>
    </section>
  );
}
