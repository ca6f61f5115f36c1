import { bundlesOf, type Language, startI18n } from '../i18n/index.ts';

const files = {
  ko: import.meta.glob<Record<string, unknown>>('../i18n/ko/*.json', { eager: true, import: 'default' }),
  en: import.meta.glob<Record<string, unknown>>('../i18n/en/*.json', { eager: true, import: 'default' }),
};

/**
 * Tests: i18next started at once in `lng`, with both languages' bundles (a test may format
 * in the other one); the app fetches only its own language first (`loadI18n`).
 */
export function initI18n(lng: Language) {
  return startI18n(lng, { ko: bundlesOf(files.ko), en: bundlesOf(files.en) });
}
