import { useFeatureTexts } from '../../../lib/feature-texts.ts';
import en from './en.json';
import ko from './ko.json';

/** The namespace of the finding aids' texts: the colour filter and duplicate links (issue #21). */
export const FINDING_NS = 'finding';

/**
 * The finding aids' texts, which travel with the dashboard's and the editors' chunks rather
 * than with every page's translations (scripts/bundle-budget.mjs counts those on the public
 * pages). Keys: `colour.*`, `duplicate.*`. The palette's stay with the images' texts: the
 * shared page shows it, and carrying both languages there would cost it more.
 */
export const useFindingTexts = () => useFeatureTexts(FINDING_NS, { en, ko });
