import { LIMITS } from '@sauce/contract/limits';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';
import type { UploadProblem } from '../../lib/sauces/image-sauce/state.ts';
import { errorMessage } from '../../lib/sauces/error-message.ts';

const MB = 1_048_576;

/**
 * A byte limit as people read it, with the exact figure: '20 MB (20,971,520 bytes)',
 * '20MB(20,971,520바이트)'.
 */
export function formatByteLimit(t: TFunction, bytes: number, lang: string): string {
  const mb = Number.isInteger(bytes / MB) ? bytes / MB : Math.round((bytes / MB) * 10) / 10;
  return t('images:upload.size', {
    mb: mb.toLocaleString(lang),
    bytes: bytes.toLocaleString(lang),
  });
}

/** Why an image did not upload, in the person's language, with the limit it broke. */
export function uploadProblemMessage(t: TFunction, problem: UploadProblem, lang: string): string {
  switch (problem.code) {
    case 'PAYLOAD_TOO_LARGE':
      return t('images:upload.errors.PAYLOAD_TOO_LARGE', {
        size: formatByteLimit(t, problem.limitBytes ?? LIMITS.imageBytes, lang),
      });
    case 'TOO_MANY_PIXELS':
      return t('images:upload.errors.TOO_MANY_PIXELS', {
        megapixels: Math.floor((problem.limitPixels ?? LIMITS.imagePixels) / 1_000_000).toLocaleString(lang),
      });
    case 'UNSUPPORTED_IMAGE':
    case 'VIEWER_CANNOT_UPLOAD':
    case 'LIMIT_REACHED':
    case 'NETWORK':
      return t(`images:upload.errors.${problem.code}`);
    default:
      return t('images:upload.errors.default');
  }
}

/**
 * The message for a failed save of an image source: no image (NO_IMAGE), too many images or
 * comments (LIMIT_REACHED with `details.resource`), an upload that is gone, else the
 * common message for the code or 'Failed to save source.'.
 */
export function saveProblemMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NO_IMAGE') return t('images:saveFlow.noImage');
    const resource = (error.details as { resource?: unknown } | undefined)?.resource;
    if (error.code === 'LIMIT_REACHED' && resource === 'images') {
      return t('images:saveFlow.tooManyImages', { max: LIMITS.imagesPerSauce });
    }
    if (error.code === 'LIMIT_REACHED' && resource === 'comments') {
      return t('images:saveFlow.tooManyComments', { max: LIMITS.commentsPerImage });
    }
    if (error.code === 'NOT_FOUND' && error.status === 404) return t('images:saveFlow.uploadsGone');
  }
  return errorMessage(error, t('sauces:saveFailed'));
}
