import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Panel } from '../../../components/panel.tsx';
import { formatBytes } from '../../../lib/bytes.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { downloadExport, type DownloadProgress } from '../api/data.ts';
import styles from './account.module.css';
import { ImportSection } from './import-section.tsx';

/** 'Your data' (issue #8): download everything as a ZIP; import bookmarks after a preview (issue #22, import-section.tsx). */
export function DataPanel() {
  const { t } = useTranslation('account');
  return (
    <Panel title={t('data.title')} description={t('data.description')}>
      <ExportSection />
      <hr className={styles.rule} />
      <ImportSection />
    </Panel>
  );
}

/** The export: a streamed ZIP, with a bar against the server's size estimate. */
function ExportSection() {
  const { t, i18n } = useTranslation('account');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const start = async () => {
    abort.current = new AbortController();
    setState('running');
    setProgress({ received: 0, estimated: 0 });
    try {
      await downloadExport(setProgress, abort.current.signal);
      setState('done');
      showToast(t('export.done'), 'success');
    } catch (e) {
      setState('idle');
      if ((e as Error).name !== 'AbortError') showToast(errorMessage(e), 'error');
    }
  };
  // The estimate is rough: the bar stops at 95 % until the last byte is in.
  const percent = progress && progress.estimated > 0 ? Math.min(95, Math.round((progress.received / progress.estimated) * 100)) : 0;
  return (
    <section className={styles.section} aria-labelledby="export-title">
      <div className={styles.sectionHead}>
        <div>
          <h3 id="export-title" className={styles.sectionTitle}>
            {t('export.title')}
          </h3>
          <p className={styles.sectionText}>{t('export.description')}</p>
        </div>
        <Button onClick={() => void start()} pending={state === 'running'}>
          <Download size={16} strokeWidth={1.75} aria-hidden />
          {t('export.action')}
        </Button>
      </div>
      {state !== 'idle' && progress && (
        <div className={styles.progress}>
          <div
            role="progressbar"
            aria-label={t('export.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state === 'done' ? 100 : percent}
            className={styles.bar}
          >
            <span style={{ width: `${state === 'done' ? 100 : percent}%` }} />
          </div>
          <span className={styles.progressText} aria-live="polite">
            {state === 'done' ? t('export.finished', { size: formatBytes(progress.received, i18n.language) }) : t('export.received', { size: formatBytes(progress.received, i18n.language) })}
          </span>
        </div>
      )}
    </section>
  );
}
