import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n/index.ts';

/**
 * `useTranslation(ns)` for a namespace whose texts travel with a feature's chunk instead of
 * the language bundle every page loads (issue #11 item 2 budgets): both languages' texts
 * (`bundles`, a few hundred bytes) are added to i18next the first time a component of the
 * feature renders, before its first `t`.
 */
export function useFeatureTexts(ns: string, bundles: Record<Language, Record<string, unknown>>) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(i18n.language, ns)) {
    for (const [lng, texts] of Object.entries(bundles)) i18n.addResourceBundle(lng, ns, texts, true, false);
  }
  return useTranslation(ns);
}
