import { useFeatureTexts } from '../../../lib/feature-texts.ts';
import en from './en.json';
import ko from './ko.json';

/** The namespace of the dashboard's colour filter texts (issue #21's finding aids). */
export const FINDING_NS = 'finding-colour';

/**
 * The colour filter's texts, which travel with the dashboard's chunk rather than with every
 * page's translations (scripts/bundle-budget.mjs counts those on the public pages). Keys:
 * `colour.*`. The palette's stay with the images' texts: the shared page shows it, and
 * carrying both languages there would cost it more.
 */
export const useFindingTexts = () => useFeatureTexts(FINDING_NS, { en, ko });
