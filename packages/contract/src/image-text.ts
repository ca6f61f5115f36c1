import { z } from 'zod';

/**
 * Issue #33: where reading an image's words is — 'pending' (not read yet: it is read in the
 * background shortly after it is kept), 'done' (its words are in `text`), 'none' (it holds
 * no words) or 'failed' (it could not be read; it is not tried again).
 */
export const zImageTextStatus = z.enum(['pending', 'done', 'none', 'failed']);
export type ImageTextStatus = z.infer<typeof zImageTextStatus>;

/** Issue #33: an image's words, as a source's image carries them (sauces.ts zSauceImage). */
export const imageTextFields = {
  /** The words read in the image, in reading order, lines apart (up to 20,000 characters); '' unless `textStatus` is 'done'. */
  text: z.string(),
  textStatus: zImageTextStatus,
};

/**
 * Issue #33: in a search's results, when the match the snippet shows was read in an image:
 * that image's `order` (0-based) among the source's images; absent otherwise.
 */
export const zSnippetImage = z.number().int().optional();
