import { useFeatureTexts } from '../../../lib/feature-texts.ts';
import en from './en.json';
import ko from './ko.json';

/** The namespace of the editors' duplicate-link notice texts (issue #21's finding aids). */
export const FINDING_NS = 'finding';

/**
 * The duplicate-link notice's texts, which travel with the editors' chunks rather than with
 * every page's translations (scripts/bundle-budget.mjs counts those on the public pages).
 * Keys: `duplicate.*`.
 */
export const useFindingTexts = () => useFeatureTexts(FINDING_NS, { en, ko });
