import i18n from 'i18next';
import { alertDialog } from '../../../components/dialogs/confirm.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';

/**
 * Tells the person why a member change or leaving failed. 409 LAST_OWNER — the space would
 * be left without an owner — gets an alert that says what to do (hand ownership to another
 * member first); anything else a toast with the code's message.
 */
export function showMemberError(error: unknown) {
  if (error instanceof ApiError && error.code === 'LAST_OWNER') {
    void alertDialog({ title: i18n.t('workspaces:members.lastOwnerTitle'), description: i18n.t('common:errors.LAST_OWNER') });
    return;
  }
  showToast(errorMessage(error), 'error');
}
