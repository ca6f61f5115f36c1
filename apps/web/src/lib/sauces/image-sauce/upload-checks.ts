import { LIMITS } from '@sauce/contract/limits';
import { ApiError } from '../../api.ts';
import type { UploadProblem } from './state.ts';


/** Error codes an upload cannot get past by trying again. */
const FINAL_CODES = new Set(['PAYLOAD_TOO_LARGE', 'TOO_MANY_PIXELS', 'UNSUPPORTED_IMAGE', 'VIEWER_CANNOT_UPLOAD']);

/**
 * Refuses a file before sending it: not an image (SVG included; files the browser cannot
 * type, e.g. some HEIC, go to the server to decide) or over 20,971,520 bytes. Null when it
 * may be sent.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): UploadProblem | null {
  const type = file.type.toLowerCase();
  if ((type && !type.startsWith('image/')) || type === 'image/svg+xml') {
    return { code: 'UNSUPPORTED_IMAGE', retryable: false };
  }
  if (file.size > LIMITS.imageBytes) return { code: 'PAYLOAD_TOO_LARGE', limitBytes: LIMITS.imageBytes, retryable: false };
  return null;
}

/** The problem of a failed upload, with the limit the server names in `details`. */
export function problemOf(error: unknown): UploadProblem {
  if (!(error instanceof ApiError)) return { code: 'SYSTEM_ERROR', retryable: true };
  const details = (error.details ?? {}) as { limitBytes?: unknown; limitPixels?: unknown };
  const problem: UploadProblem = { code: error.code, retryable: !FINAL_CODES.has(error.code) };
  if (error.code === 'PAYLOAD_TOO_LARGE') {
    problem.limitBytes = typeof details.limitBytes === 'number' ? details.limitBytes : LIMITS.imageBytes;
  }
  if (error.code === 'TOO_MANY_PIXELS') {
    problem.limitPixels = typeof details.limitPixels === 'number' ? details.limitPixels : LIMITS.imagePixels;
  }
  return problem;
}
