import { IMPORT_FORMATS, type ImportJob, type ImportPreview } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { Download, FileUp } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatBytes, formatMegabytes } from '../../../lib/bytes.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useFolders } from '../../../lib/folders.ts';
import { useWorkspaces } from '../../../lib/workspaces.ts';
import { useWorkspaceName } from '../../../lib/workspaces.ts';
import {
  downloadImportReport,
  importMoving,
  useBeginImport,
  useCancelImport,
  useImportJob,
  useImportPreview,
  useImportSkips,
  useStartImport,
} from '../api/data.ts';
import styles from './account.module.css';

type T = ReturnType<typeof useTranslation<'account'>>['t'];

/** Folders the preview lists before 'and N more'. */
const FOLDERS_SHOWN = 30;

/**
 * The import (issue #8, #22): choose a space and a file; the file is read and shown as a
 * preview — what will come in, into which folders, what will not and why, what the plan
 * stops — where the person picks the space and whether to recreate the file's folders (or
 * one folder for all) before anything is written; then its progress with a stop button,
 * and its report (CSV) of every entry skipped or changed.
 */
export function ImportSection() {
  const { t } = useTranslation('account');
  const id = useId();
  const { data: spaces } = useWorkspaces();
  const writable = (spaces ?? []).filter((w) => w.abilities.createSauce);
  const nameOf = useWorkspaceName();
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const space = workspaceId ?? writable[0]?.id ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = useStartImport();
  const input = useRef<HTMLInputElement>(null);
  const { data: job } = useImportJob(jobId);

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
  const check = () => {
    if (!file || space === null) return;
    setError(null);
    read.mutate(
      { workspaceId: space, file },
      {
        onSuccess: (j) => {
          setJobId(j.id);
          setFile(null);
        },
        onError: (e) => setError(importError(e, t)),
      },
    );
  };
  const reset = () => {
    setJobId(null);
    setError(null);
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} className={styles.sectionTitle}>
          {t('import.title')}
        </h3>
        <p className={styles.sectionText}>{t('import.description', { max: LIMITS.importEntries.toLocaleString() })}</p>
        <details className={styles.formats}>
          <summary>{t('import.formatsTitle')}</summary>
          <ul>
            {IMPORT_FORMATS.map((f) => (
              <li key={f}>{t(`import.formatNames.${f}`)}</li>
            ))}
          </ul>
        </details>
      </div>
      {jobId === null || !job ? (
        <>
          <label className={styles.field}>
            <span className={styles.label}>{t('import.space')}</span>
            <select className={styles.select} value={space ?? ''} onChange={(e) => setWorkspaceId(Number(e.target.value))}>
              {writable.map((w) => (
                <option key={w.id} value={w.id}>
                  {nameOf(w)}
                </option>
              ))}
            </select>
          </label>
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
            <Button variant="primary" disabled={!file || space === null} pending={read.isPending} onClick={check}>
              {t('import.check')}
            </Button>
          </div>
        </>
      ) : job.status === 'preview' ? (
        <PreviewStep job={job} initialSpace={space} onCancelled={reset} />
      ) : (
        <ImportProgress job={job} onAgain={reset} />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The preview (issue #22 item 3): where it goes, what comes in and what does not, before anything is written. */
function PreviewStep({ job, initialSpace, onCancelled }: { job: ImportJob; initialSpace: number | null; onCancelled(): void }) {
  const { t, i18n } = useTranslation('account');
  const id = useId();
  const { data: spaces } = useWorkspaces();
  const writable = (spaces ?? []).filter((w) => w.abilities.createSauce);
  const nameOf = useWorkspaceName();
  const [space, setSpace] = useState<number | null>(initialSpace ?? job.workspace?.id ?? null);
  const [recreate, setRecreate] = useState(true);
  const [folderId, setFolderId] = useState<number | null>(null);
  const { data: folders } = useFolders(space ?? undefined);
  const { data: preview, isFetching, error } = useImportPreview(job.id, space, recreate);
  const begin = useBeginImport();
  const cancel = useCancelImport();
  const [startError, setStartError] = useState<string | null>(null);
  const n = (v: number) => v.toLocaleString(i18n.language);

  const start = () => {
    if (space === null) return;
    setStartError(null);
    begin.mutate(
      { id: job.id, workspace: space, recreateFolders: recreate, folder: recreate ? null : folderId },
      { onError: (e) => setStartError(importError(e, t)) },
    );
  };
  const stop = () =>
    cancel.mutate(job.id, {
      onSuccess: () => {
        showToast(t('import.preview.cancelled'), 'success');
        onCancelled();
      },
      onError: (e) => setStartError(errorMessage(e)),
    });

  return (
    <div className={styles.preview} aria-labelledby={`${id}-title`} role="group">
      <div>
        <h4 id={`${id}-title`} className={styles.previewTitle}>
          {t('import.preview.title')}
        </h4>
        <p className={styles.sectionText}>{t('import.preview.file', { name: job.fileName, format: t(`import.formatNames.${job.format}`) })}</p>
      </div>
      <div className={styles.importGrid}>
        <label className={styles.field}>
          <span className={styles.label}>{t('import.space')}</span>
          <select
            className={styles.select}
            value={space ?? ''}
            onChange={(e) => {
              setSpace(Number(e.target.value));
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
        {!recreate && (
          <label className={styles.field}>
            <span className={styles.label}>{t('import.preview.folderFor')}</span>
            <select className={styles.select} value={folderId ?? ''} onChange={(e) => setFolderId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{t('import.noFolder')}</option>
              {(folders ?? []).map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <Switch checked={recreate} onCheckedChange={setRecreate} label={t('import.preview.recreate')} description={t('import.preview.recreateHint')} />
      {error ? (
        <p className={styles.error} role="alert">
          {errorMessage(error)}
        </p>
      ) : preview ? (
        <PreviewFigures preview={preview} recreate={recreate} busy={isFetching} n={n} t={t} />
      ) : (
        <p className={styles.progressText} aria-busy>
          {t('common:loading')}
        </p>
      )}
      {startError && (
        <p className={styles.error} role="alert">
          {startError}
        </p>
      )}
      <div className={styles.previewActions}>
        <Button variant="ghost" onClick={stop} pending={cancel.isPending}>
          {t('import.preview.cancel')}
        </Button>
        <Button variant="primary" onClick={start} pending={begin.isPending} disabled={!preview || preview.importing === 0 || space === null}>
          {preview ? t('import.preview.startCount', { count: preview.importing }) : t('import.preview.start')}
        </Button>
      </div>
    </div>
  );
}

/** The preview's figures: what comes in, what does not and why, the plan, the folders. */
function PreviewFigures({ preview: p, recreate, busy, n, t }: { preview: ImportPreview; recreate: boolean; busy: boolean; n: (v: number) => string; t: T }) {
  const shown = p.folders.slice(0, FOLDERS_SHOWN);
  return (
    <div className={styles.previewBody} aria-busy={busy} aria-live="polite">
      <ul className={styles.previewFacts}>
        <li className={styles.previewMain}>
          {p.importing > 0 ? t('import.preview.importing', { count: p.importing, total: n(p.total) }) : t('import.preview.importingNone')}
        </li>
        {p.skipped.map((s) => (
          <li key={s.reason} className={s.reason === 'limit' ? styles.previewWarn : undefined}>
            {t('import.preview.skipped', { count: s.count, reason: t(`import.reasons.${s.reason}`) })}
          </li>
        ))}
        {p.changed > 0 && <li>{t('import.preview.changed', { count: p.changed })}</li>}
        <li className={styles.previewPlan}>
          {p.plan.sources === null
            ? t('import.preview.planSourcesNoLimit', { count: p.sourcesInSpace })
            : t('import.preview.planSources', { count: p.sourcesInSpace, limit: n(p.plan.sources) })}{' '}
          {p.plan.folders === null
            ? t('import.preview.planFoldersNoLimit', { count: p.foldersInSpace })
            : t('import.preview.planFolders', { count: p.foldersInSpace, limit: n(p.plan.folders) })}
        </li>
      </ul>
      {recreate && p.folders.length > 0 && (
        <div className={styles.previewFolders}>
          <table>
            <caption>{t('import.preview.foldersTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('import.preview.folderPath')}</th>
                <th scope="col">{t('import.preview.folderName')}</th>
                <th scope="col">{t('import.preview.folderEntries')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <tr key={f.path} className={f.status === 'overLimit' ? styles.previewWarn : undefined}>
                  <td>{f.path}</td>
                  <td>
                    {f.status === 'overLimit' ? '—' : f.name}
                    <span className={styles.folderStatus}>{t(`import.preview.status.${f.status}`)}</span>
                  </td>
                  <td>{f.importing === f.entries ? n(f.entries) : `${n(f.importing)} / ${n(f.entries)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {p.folders.length > shown.length && <p className={styles.progressText}>{t('import.preview.moreFolders', { count: p.folders.length - shown.length })}</p>}
          {p.unfiled > 0 && <p className={styles.progressText}>{t('import.preview.unfiled', { count: p.unfiled })}</p>}
        </div>
      )}
    </div>
  );
}

/** The message of a refused import file (issue #8: clear errors; issue #22: what Sauce reads). */
function importError(e: unknown, t: T): string {
  if (e instanceof ApiError) {
    if (e.code === 'IMPORT_FILE_INVALID') {
      const details = (e.details ?? {}) as { reason?: string; formats?: string[] };
      const formats = (details.formats ?? []).map((f) => t(`import.formatNames.${f}`, { defaultValue: f })).join(' · ');
      return t(`import.invalid.${details.reason ?? 'unsupported'}`, { formats, defaultValue: t('import.invalid.unsupported') });
    }
    if (e.code === 'PAYLOAD_TOO_LARGE') return t('import.tooLarge', { size: formatMegabytes(LIMITS.importBytes) });
    if (e.code === 'LIMIT_REACHED') return t('import.tooMany', { max: LIMITS.importEntries.toLocaleString() });
    if (e.code === 'IMPORT_IN_PROGRESS') return t('import.inProgress');
  }
  return errorMessage(e);
}

/** An import under way or ended: its progress and a stop button; then what came in, the report, and what did not. */
function ImportProgress({ job, onAgain }: { job: ImportJob; onAgain(): void }) {
  const { t, i18n } = useTranslation('account');
  const moving = importMoving(job);
  const qc = useQueryClient();
  // What the import wrote shows everywhere once it ends: the space's sources, folders, figures.
  useEffect(() => {
    if (!moving) void qc.invalidateQueries({ predicate: (q) => !(q.queryKey[0] === 'account' && q.queryKey[1] === 'imports') });
  }, [moving, qc]);
  const { data: skips } = useImportSkips(job.id, !moving && job.skipped > 0);
  const cancel = useCancelImport();
  const [downloading, setDownloading] = useState(false);
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : 100;
  const report = async () => {
    setDownloading(true);
    try {
      await downloadImportReport(job.id, i18n.language);
    } catch (e) {
      showToast(errorMessage(e), 'error');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className={styles.importStatus} aria-live="polite">
      <div role="progressbar" aria-label={t('import.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={styles.bar}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText}>{statusText(job, t)}</p>
      <div className={styles.previewActions}>
        {moving ? (
          <Button variant="ghost" onClick={() => cancel.mutate(job.id)} pending={cancel.isPending}>
            {t('import.stop')}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onAgain}>
              {t('import.again')}
            </Button>
            {job.skipped + job.changed > 0 && (
              <Button onClick={() => void report()} pending={downloading} title={t('import.reportHint')}>
                <Download size={16} strokeWidth={1.75} aria-hidden />
                {t('import.report')}
              </Button>
            )}
          </>
        )}
      </div>
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

function statusText(job: ImportJob, t: T): string {
  if (job.status === 'failed') return t(job.errorCode === 'INTERRUPTED' ? 'import.interrupted' : 'import.failed');
  if (job.status === 'cancelled') return t('import.stopped', { imported: job.imported });
  if (job.status === 'done') return t('import.done', { imported: job.imported, skipped: job.skipped, changed: job.changed, space: job.workspace?.name ?? '' });
  return t('import.running', { processed: job.processed, total: job.total });
}
