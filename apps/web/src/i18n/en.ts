/**
 * English translations, one chunk (loaded by `loadI18n`, which makes them bundles): the files
 * `i18n/en/<namespace>.json` by path. Imports nothing back from index.ts (issue #19 item 4: no loops).
 */
export const files: Record<string, Record<string, unknown>> = import.meta.glob('./en/*.json', { eager: true, import: 'default' });
