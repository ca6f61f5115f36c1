import type { Notice } from '@sauce/contract/account';
import type { User } from '@sauce/contract/auth';
import { Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime, relativeTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useCreateNotice, useDeleteNotice, useMarkNoticesRead, useNotices, useUpdateNotice } from '../api/notices.ts';
import styles from './notice-list.module.css';
import { Tooltip } from '../../../components/tooltip.tsx';

/**
 * /mypage/notice (SPEC §2): notices newest first; those published since the last visit are
 * marked new, and opening the page marks them read (the avatar menu's dot goes).
 * Administrators also write, edit and delete notices here.
 */
export function NoticeList({ user }: { user: User }) {
  const { t } = useTranslation('notices');
  const query = useNotices();
  const markRead = useMarkNoticesRead();
  const remove = useDeleteNotice();
  // null: no editor open; 'new': a new notice; a notice: editing that one.
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const notices = query.data?.pages.flatMap((p) => p.results) ?? [];
  const loaded = query.isSuccess;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (loaded) mark();
  }, [loaded, mark]);

  const del = async (id: number, title: string) => {
    if (!(await confirmDialog({ title: t('deleteTitle'), description: title, confirmText: t('delete'), destructive: true }))) return;
    remove.mutate(id, { onSuccess: () => showToast(t('deleted'), 'success'), onError: (e) => showToast(errorMessage(e), 'error') });
  };

  return (
    <div className={styles.root}>
      {user.isAdmin && (
        <div className={styles.adminBar}>
          <Button variant="primary" onClick={() => setEditing('new')}>
            <Plus size={16} strokeWidth={1.75} aria-hidden />
            {t('write')}
          </Button>
        </div>
      )}
      {query.isPending ? (
        <div className={styles.skeleton} aria-busy>
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      ) : query.isError ? (
        <p className={styles.empty} role="alert">
          {errorMessage(query.error)}
        </p>
      ) : notices.length === 0 ? (
        <div className={styles.empty}>
          <Megaphone size={24} strokeWidth={1.75} aria-hidden />
          <p>{t('empty')}</p>
        </div>
      ) : (
        <ol className={styles.list}>
          {notices.map((n) => (
            <li key={n.id}>
              <article className={styles.notice} aria-labelledby={`notice-${n.id}`}>
                <header className={styles.head}>
                  <h2 id={`notice-${n.id}`} className={styles.title}>
                    {n.isNew && <span className={styles.new}>{t('new')}</span>}
                    {n.title}
                  </h2>
                  <Tooltip content={formatDateTime(n.createdAt)}>
                    <time dateTime={n.createdAt} className={styles.date}>
                      {relativeTime(n.createdAt)}
                    </time>
                  </Tooltip>
                </header>
                <p className={styles.body}>{n.body}</p>
                {user.isAdmin && (
                  <div className={styles.noticeActions}>
                    <Button size="small" variant="ghost" onClick={() => setEditing(n)}>
                      <Pencil size={14} strokeWidth={1.75} aria-hidden />
                      {t('edit')}
                    </Button>
                    <Button size="small" variant="ghost" onClick={() => void del(n.id, n.title)}>
                      <Trash2 size={14} strokeWidth={1.75} aria-hidden />
                      {t('delete')}
                    </Button>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} pending={query.isFetchingNextPage}>
          {t('more')}
        </Button>
      )}
      {editing && <NoticeEditor notice={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** An administrator's notice, new or edited: title (100) and body (5,000). */
function NoticeEditor({ notice, onClose }: { notice?: Notice; onClose(): void }) {
  const { t } = useTranslation('notices');
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const ready = title.trim() !== '' && body.trim() !== '';
  const pending = create.isPending || update.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || pending) return;
    const done = {
      onSuccess: () => (showToast(t(notice ? 'saved' : 'published'), 'success'), onClose()),
      onError: (err: unknown) => showToast(errorMessage(err), 'error'),
    };
    if (notice) update.mutate({ id: notice.id, title, body }, done);
    else create.mutate({ title, body }, done);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t(notice ? 'edit' : 'write')} width={520}>
      <form onSubmit={submit} className={styles.form} noValidate>
        <TextField label={t('titleLabel')} value={title} onChange={setTitle} maxLength={100} autoFocus />
        <label className={styles.field}>
          <span>{t('bodyLabel')}</span>
          <textarea className={styles.textarea} value={body} onChange={(e) => setBody(e.currentTarget.value.slice(0, 5000))} rows={8} />
        </label>
        <div className={styles.actions}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!ready} pending={pending}>
            {t(notice ? 'save' : 'publish')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
