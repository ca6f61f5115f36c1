import { LIMITS } from '@sauce/contract/limits';
import i18n from 'i18next';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatMegabytes } from '../../../lib/bytes.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';

/**
 * Tells the person why creating or editing a space failed: the beta notice at the 2-space
 * limit (422 LIMIT_REACHED, SPEC §9), 'maximum image upload size is 5.0MB' for a 413
 * (SPEC §8, the figure from `details.limitBytes`), else the message of the error's code
 * (UNSUPPORTED_IMAGE, TOO_MANY_PIXELS, INVALID_FORMAT, PERSONAL_WORKSPACE…) as a toast.
 */
export function showWorkspaceSaveError(error: unknown) {
  if (showLimitNoticeFor(error)) return;
  if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') {
    const limit = (error.details as { limitBytes?: unknown } | undefined)?.limitBytes;
    const size = formatMegabytes(typeof limit === 'number' ? limit : LIMITS.avatarBytes);
    showToast(i18n.t('common:imageFile.tooLarge', { size }), 'error');
    return;
  }
  showToast(errorMessage(error), 'error');
}
