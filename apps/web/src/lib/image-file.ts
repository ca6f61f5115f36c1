import { LIMITS } from '@sauce/contract/limits';

/** Why a chosen file cannot be a profile or space image, or null when it can. */
export type ImageFileProblem = 'notImage' | 'tooLarge';

/**
 * The client-side check of a profile or space image (SPEC §5, §8): an image type, at most
 * `maxBytes` (LIMITS.avatarBytes, 5,242,880 bytes). The server checks again (415, 413).
 */
export function imageFileProblem(file: File, maxBytes: number = LIMITS.avatarBytes): ImageFileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}
