import type { default as Sharp } from 'sharp';

/**
 * sharp (libvips), loaded on the first image rather than at the server's start: about 30 MB
 * of an idle server's memory (issue #11 item 7; a static import of it is refused by the lint,
 * eslint.config.js). Every module that decodes or encodes an image takes it from here.
 * @returns sharp's constructor, the same object on every call.
 */
export const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;
