import type { Sauce } from '@sauce/contract/sauces';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { showToast } from '../../../state/app-store.ts';
import { type CreateSauceInput, useCreateSauce, useUpdateSauce } from '../api/save-sauce.ts';
import { sauceHref } from '../../../lib/sauces/format.ts';
import { clearDraft } from '../../../lib/sauces/drafts.ts';
import { allowLeave } from '../../../lib/sauces/use-leave-guard.ts';

export interface SaveSauceOptions {
  workspaceId: number;
  /** The saved source being edited; undefined for a new one. */
  sauce?: Sauce;
  /** It continues the workspace's draft, which is cleared once the source is saved. */
  fromDraft?: boolean;
  /** A saved source's edit was saved: the page goes back to its view mode. */
  onSaved?: () => void;
  /** What a failed save says (SPEC §8) when it is not the space's 100-source notice. */
  problemMessage: (error: unknown) => string;
}

export interface SaveSauce {
  /** The save request is on its way: SaveArchive cannot be closed. */
  saving: boolean;
  /** SaveArchive is open. */
  dialogOpen: boolean;
  /** Opens or closes SaveArchive (closing is ignored while saving). */
  setDialogOpen: (open: boolean) => void;
  /** Sends the source: POST for a new one, PATCH (without `type`) for a saved one. */
  save: (body: CreateSauceInput) => void;
  /**
   * The id of the new source once its save succeeded (undefined before): the editor, still
   * shown until the source's page has loaded, shows no duplicates then — else it announces
   * the new source as a duplicate of itself (issue #31 item 11).
   */
  savedId: number | undefined;
}

/**
 * The save flow both editors share (issue #19 item 3): SaveArchive's open state, then the
 * request. Saved: the draft it continued is cleared, 'Saved' is toasted and the person
 * lands on the saved source's view — a new source's page replaces the editor's in history
 * (past the leave guard), an edited one returns to view mode — scrolled to the top (issue #8).
 * Failed: SPEC §9's beta notice when the space holds its 100 sources, else a toast.
 */
export function useSaveSauce({ workspaceId, sauce, fromDraft, onSaved, problemMessage }: SaveSauceOptions): SaveSauce {
  const { t } = useTranslation('sauces');
  const navigate = useNavigate();
  const create = useCreateSauce(workspaceId);
  const update = useUpdateSauce(workspaceId);
  const [dialogOpen, setOpen] = useState(false);
  const saving = create.isPending || update.isPending;

  const save = (body: CreateSauceInput) => {
    const onError = (e: unknown) => {
      if (!showLimitNoticeFor(e)) showToast(problemMessage(e), 'error');
    };
    const onSuccess = (saved: Sauce) => {
      if (fromDraft) clearDraft(workspaceId);
      setOpen(false);
      showToast(t('saved'), 'success');
      if (sauce) {
        onSaved?.();
      } else {
        allowLeave();
        navigate(sauceHref(saved), { replace: true });
      }
      window.scrollTo({ top: 0 });
    };
    if (sauce) {
      const { type: _type, ...changes } = body;
      update.mutate({ id: sauce.id, ...changes }, { onSuccess, onError });
    } else {
      create.mutate(body, { onSuccess, onError });
    }
  };

  return { saving, dialogOpen, setDialogOpen: (open) => !saving && setOpen(open), save, savedId: create.data?.id };
}
