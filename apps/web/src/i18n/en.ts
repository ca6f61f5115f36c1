import { bundlesOf } from './index.ts';

/** English translations, one chunk (loaded by `loadI18n`). */
export const bundles = bundlesOf(import.meta.glob('./en/*.json', { eager: true, import: 'default' }));
