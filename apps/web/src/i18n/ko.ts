import { bundlesOf } from './index.ts';

/** Korean translations, one chunk (loaded by `loadI18n`). */
export const bundles = bundlesOf(import.meta.glob('./ko/*.json', { eager: true, import: 'default' }));
