import type { Sauce } from '@sauce/contract/sauces';
import { RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ApiError } from '../../../lib/api.ts';
import { selectWorkspace } from '../../../lib/workspaces.ts';
import { useSauce, useSauceSpace } from '../../../lib/sauces/get-sauce.ts';
import { sauceHref } from '../../../lib/sauces/format.ts';
import { SauceLoadNotice } from './sauce-load-notice.tsx';

/** 'Try again' for something that failed to load; disabled while the new try is on its way. */
export function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onRetry} disabled={retrying}>
      <RotateCw size={16} strokeWidth={1.75} aria-hidden />
      {t('common:retry')}
    </Button>
  );
}

export interface SavedSauceProps {
  workspaceId: number;
  sauceId: number;
  /** The page's type: a source of the other type is sent to its own page. */
  type: Sauce['type'];
  /** The page's column (its width), around the notices. */
  pageClassName?: string;
  /** The notice's own width on a wide page. */
  noticeClassName?: string;
  /** The page's title while there is no source to name it. */
  pageTitle: string;
  backLabel: string;
  /** While the source loads. */
  skeleton: ReactNode;
  /** View mode. `onReload` fetches the source again (an image's signed URL expired). */
  view: (sauce: Sauce, actions: { onEdit: () => void; onReload: () => void }) => ReactNode;
  /** Edit mode, only for an editable source; `onDone` returns to view mode (cancelled or saved). */
  editor: (sauce: Sauce, actions: { onDone: () => void }) => ReactNode;
}

/**
 * A saved source's page, either type (issue #19 item 3: one loader for both editors): while
 * it loads the page's skeleton; gone, 'This source does not exist or was deleted'; failed
 * to load, the reason with 'Try again' (SPEC §8); then view mode, and edit mode when the
 * source is editable (SPEC §6). A link of the other type's path is sent to its own page.
 */
export function SavedSauce({ workspaceId, sauceId, type, pageClassName, noticeClassName, pageTitle, backLabel, skeleton, view, editor }: SavedSauceProps) {
  const { t } = useTranslation('sauces');
  const { data: sauce, isPending, error, refetch, isFetching } = useSauce(workspaceId, sauceId);
  const [editing, setEditing] = useState(false);
  // Issue #31 item 1: not in the space in view — a link names no space — so it opens in its own.
  const missing = !sauce && error instanceof ApiError && error.status === 404;
  const { data: home, isPending: locating } = useSauceSpace(sauceId, missing);
  const elsewhere = missing && !!home && home !== workspaceId;
  useEffect(() => {
    if (elsewhere) selectWorkspace(home);
  }, [elsewhere, home]);

  if (isPending || (missing && locating) || elsewhere) return skeleton;
  if (sauce && sauce.type !== type) return <Navigate to={sauceHref(sauce)} replace />;
  if (!sauce) {
    return (
      <div className={pageClassName}>
        <DocumentTitle>{`${pageTitle} · Sauce`}</DocumentTitle>
        <SauceLoadNotice
          text={missing ? t('load.notFound') : t('load.failed')}
          action={!missing && <RetryButton onRetry={() => void refetch()} retrying={isFetching} />}
          backLabel={backLabel}
          className={noticeClassName}
        />
      </div>
    );
  }
  if (editing && sauce.isEditable) return editor(sauce, { onDone: () => setEditing(false) });
  return view(sauce, { onEdit: () => setEditing(true), onReload: () => void refetch() });
}
