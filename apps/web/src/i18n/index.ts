import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Language = 'ko' | 'en';
/** One language's translations: namespace → its `i18n/<lng>/<namespace>.json`. */
export type Bundles = Record<string, Record<string, unknown>>;

/**
 * Each language's bundles are a chunk of their own, fetched on start beside the page's
 * chunk: a visitor downloads only their language (issue #11 item 2).
 */
const LOADERS: Record<Language, () => Promise<{ files: Record<string, Record<string, unknown>> }>> = {
  ko: () => import('./ko.ts'),
  en: () => import('./en.ts'),
};

/** Turns `import.meta.glob('./<lng>/*.json', { eager: true, import: 'default' })` into bundles by namespace. */
export function bundlesOf(files: Record<string, Record<string, unknown>>): Bundles {
  return Object.fromEntries(Object.entries(files).map(([file, bundle]) => [/([^/]+)\.json$/.exec(file)![1]!, bundle]));
}

/** SPEC §1: Korean for `ko` browsers, English otherwise. */
export function detectLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  return languages[0]?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** Options shared by the app and the tests (src/test/i18n.ts). `common` is the default namespace; the app has one language loaded, so nothing falls back. */
export const I18N_OPTIONS: InitOptions = {
  fallbackLng: false,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
};

/** Starts i18next in `lng` with the bundles of the languages given and sets `<html lang>`. */
export function startI18n(lng: Language, resources: Partial<Record<Language, Bundles>>) {
  void i18n.use(initReactI18next).init({ ...I18N_OPTIONS, resources, lng });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return i18n;
}

/** Fetches the detected language's bundles and starts i18next with them. */
export async function loadI18n(lng: Language = detectLanguage()) {
  return startI18n(lng, { [lng]: bundlesOf((await LOADERS[lng]()).files) });
}
