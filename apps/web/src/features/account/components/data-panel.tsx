import type { ImportJob } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { Download, FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Panel } from '../../../components/panel.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatBytes, formatMegabytes } from '../../../lib/bytes.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useFolders } from '../../folders/api/folders.ts';
import { useWorkspaces } from '../../workspaces/api/get-workspaces.ts';
import { useWorkspaceName } from '../../workspaces/hooks/use-workspace-name.ts';
import { downloadExport, useImportJob, useImportSkips, useStartImport, type DownloadProgress } from '../api/data.ts';
import styles from './account.module.css';

/** 'Your data' (issue #8): download everything as a ZIP; import bookmarks into a space and folder. */
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

/** The import: space, folder and file; then the job's progress and what did not fit. */
function ImportSection() {
  const { t } = useTranslation('account');
  const id = useId();
  const { data: spaces } = useWorkspaces();
  const nameOf = useWorkspaceName();
  const writable = (spaces ?? []).filter((w) => w.abilities.createSauce);
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const space = workspaceId ?? writable[0]?.id ?? null;
  const { data: folders } = useFolders(space ?? undefined);
  const [folderId, setFolderId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartImport();
  const input = useRef<HTMLInputElement>(null);

  const choose = (f: File | undefined) => {
    setError(null);
    if (!f) return;
    if (f.size > LIMITS.importBytes) {
      setFile(null);
      setError(t('import.tooLarge', { size: formatMegabytes(LIMITS.importBytes) }));
      return;
    }
    setFile(f);
  };
  const submit = () => {
    if (!file || space === null) return;
    setError(null);
    start.mutate(
      { workspaceId: space, folderId: folders?.some((f) => f.id === folderId) ? folderId : null, file },
      {
        onSuccess: (job) => {
          setJobId(job.id);
          setFile(null);
        },
        onError: (e) => setError(importError(e, t)),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} className={styles.sectionTitle}>
          {t('import.title')}
        </h3>
        <p className={styles.sectionText}>{t('import.description', { max: LIMITS.importEntries.toLocaleString() })}</p>
      </div>
      <div className={styles.importGrid}>
        <label className={styles.field}>
          <span className={styles.label}>{t('import.space')}</span>
          <select
            className={styles.select}
            value={space ?? ''}
            onChange={(e) => {
              setWorkspaceId(Number(e.target.value));
              setFolderId(null);
            }}
          >
            {writable.map((w) => (
              <option key={w.id} value={w.id}>
                {nameOf(w)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('import.folder')}</span>
          <select className={styles.select} value={folderId ?? ''} onChange={(e) => setFolderId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('import.noFolder')}</option>
            {(folders ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.fileRow}>
        <Button onClick={() => input.current?.click()}>
          <FileUp size={16} strokeWidth={1.75} aria-hidden />
          {t('import.choose')}
        </Button>
        <span className={styles.fileName}>{file ? `${file.name} · ${formatBytes(file.size)}` : t('import.formats')}</span>
        <input
          ref={input}
          type="file"
          accept=".html,.htm,.csv,.json,.zip,text/html,text/csv,application/json,application/zip"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('import.file')}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="primary" disabled={!file || space === null} pending={start.isPending} onClick={submit}>
          {t('import.start')}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {jobId !== null && <ImportStatus id={jobId} />}
    </section>
  );
}

/** The message of a refused import file (issue #8: clear errors). */
function importError(e: unknown, t: ReturnType<typeof useTranslation<'account'>>['t']): string {
  if (e instanceof ApiError) {
    if (e.code === 'IMPORT_FILE_INVALID') return t(`import.invalid.${(e.details as { reason?: string } | undefined)?.reason ?? 'unsupported'}`, { defaultValue: t('import.invalid.unsupported') });
    if (e.code === 'PAYLOAD_TOO_LARGE') return t('import.tooLarge', { size: formatMegabytes(LIMITS.importBytes) });
    if (e.code === 'LIMIT_REACHED') return t('import.tooMany', { max: LIMITS.importEntries.toLocaleString() });
    if (e.code === 'IMPORT_IN_PROGRESS') return t('import.inProgress');
  }
  return errorMessage(e);
}

function ImportStatus({ id }: { id: number }) {
  const { t } = useTranslation('account');
  const { data: job } = useImportJob(id);
  const finished = job?.status === 'done' || job?.status === 'failed';
  const { data: skips } = useImportSkips(id, !!job && finished && job.skipped > 0);
  if (!job) return null;
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : 100;
  return (
    <div className={styles.importStatus} aria-live="polite">
      <div role="progressbar" aria-label={t('import.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={styles.bar}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText}>{statusText(job, t)}</p>
      {skips && skips.results.length > 0 && (
        <details className={styles.skips}>
          <summary>{t('import.skippedList', { count: job.skipped })}</summary>
          <ul>
            {skips.results.map((s, i) => (
              <li key={i}>
                <span className={styles.skipTitle}>{s.title || s.url || t('import.untitled')}</span>
                {s.url && <span className={styles.skipUrl}>{s.url}</span>}
                <span className={styles.skipReason}>{t(`import.reasons.${s.reason}`)}</span>
              </li>
            ))}
          </ul>
          {skips.count > skips.results.length && <p className={styles.sectionText}>{t('import.more', { count: skips.count - skips.results.length })}</p>}
        </details>
      )}
    </div>
  );
}

function statusText(job: ImportJob, t: ReturnType<typeof useTranslation<'account'>>['t']): string {
  if (job.status === 'failed') return t('import.failed');
  if (job.status === 'done') return t('import.done', { imported: job.imported, skipped: job.skipped, space: job.workspace?.name ?? '' });
  return t('import.running', { processed: job.processed, total: job.total });
}
