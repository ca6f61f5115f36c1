import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Bundle = Record<string, unknown>;
const files = import.meta.glob<Bundle>('./{ko,en}/*.json', { eager: true, import: 'default' });

/**
 * Translation bundles: every `i18n/{ko,en}/<namespace>.json` is a namespace (each feature
 * owns its pair; `common` is the default). Picked up by file name, nothing to register.
 */
export const resources: Record<'ko' | 'en', Record<string, Bundle>> = { ko: {}, en: {} };
for (const [file, bundle] of Object.entries(files)) {
  const [, lng, ns] = /\.\/(ko|en)\/(.+)\.json$/.exec(file)!;
  resources[lng as 'ko' | 'en'][ns!] = bundle;
}

/** SPEC §1: Korean for `ko` browsers, English otherwise. */
export function detectLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): 'ko' | 'en' {
  return languages[0]?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** Starts i18next in the detected language and sets `<html lang>`. */
export function initI18n(lng: 'ko' | 'en' = detectLanguage()) {
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lng;
  return i18n;
}
