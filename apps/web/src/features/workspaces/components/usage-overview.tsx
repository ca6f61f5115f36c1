import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '../../../components/inline-error.tsx';
import { Meter } from '../../../components/meter.tsx';
import { Panel } from '../../../components/panel.tsx';
import { formatBytes } from '../../../lib/bytes.ts';
import { isBetaPlan, usePlan } from '../../../lib/plan.ts';
import { useWorkspaceStatus } from '../api/get-workspaces.ts';
import styles from './usage-overview.module.css';

/**
 * The usage status page's content (SPEC §2 Workspace pages, §3 Workspace status): sources
 * (text and image), folders and members beside the plan's limits as meters, and the
 * storage the space's images and saved copies of pages take (issue #31 item 16); then the installation's plan (issue #22: the operator's,
 * SPEC §9's beta plan by default), 'no limit' where it sets none. SPEC §4: when the status call fails the counts show as
 * zero, with a notice and a retry.
 */
export function UsageOverview({ workspaceId }: { workspaceId: number }) {
  const { t, i18n } = useTranslation('workspaces');
  const { data: status, isError, isFetching, refetch } = useWorkspaceStatus(workspaceId);
  const plan = usePlan();
  const beta = isBetaPlan(plan);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const of = (value: number, max: number | null) =>
    max === null ? t('usage.unlimited', { value: n(value) }) : t('usage.of', { value: n(value), max: n(max) });

  return (
    <div className={styles.stack}>
      {isError && <InlineError message={t('usage.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />}
      <Panel title={t('usage.title')} description={t('usage.description')}>
        {status ? (
          <div className={styles.meters} aria-busy={isFetching}>
            <Meter
              label={t('usage.sources')}
              value={status.textSauceCount + status.imageSauceCount}
              max={status.limits.sauces}
              valueText={of(status.textSauceCount + status.imageSauceCount, status.limits.sauces)}
              detail={t('usage.sourcesDetail', { text: n(status.textSauceCount), image: n(status.imageSauceCount) })}
            />
            <Meter label={t('usage.folders')} value={status.folderCount} max={status.limits.folders} valueText={of(status.folderCount, status.limits.folders)} />
            <Meter label={t('usage.members')} value={status.memberCount} max={status.limits.members} valueText={of(status.memberCount, status.limits.members)} />
            <div className={styles.storage}>
              <span className={styles.storageLabel}>{t('usage.storage')}</span>
              <span className={styles.storageValue}>{formatBytes(status.storageBytes, i18n.language)}</span>
              <span className={styles.storageHint}>{t('usage.storageHint')}</span>
            </div>
          </div>
        ) : (
          <div className={styles.meters} aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className={styles.skeleton} aria-hidden />
            ))}
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        )}
      </Panel>
      <aside className={styles.beta}>
        <h2 className={styles.betaTitle}>{beta ? t('usage.betaTitle') : t('usage.planTitle')}</h2>
        {beta && <p className={styles.betaText}>{t('usage.betaText')}</p>}
        <dl className={styles.planRows}>
          {(['sources', 'folders', 'members', 'spaces'] as const).map((key) => (
            <Fragment key={key}>
              <dt>{t(`usage.plan.${key}`)}</dt>
              <dd>{plan[key] === null ? t('usage.noLimit') : n(plan[key])}</dd>
            </Fragment>
          ))}
        </dl>
      </aside>
    </div>
  );
}
