import { useFeatureTexts } from '../../../lib/feature-texts.ts';
import en from './en.json';
import ko from './ko.json';

/** The namespace of the search across spaces' texts. */
export const SEARCH_NS = 'search';

/**
 * Issue #21 item 3: the palette's texts, which travel with its chunk, not with every page's
 * translations (scripts/bundle-budget.mjs counts those on the public pages).
 */
export const useSearchTexts = () => useFeatureTexts(SEARCH_NS, { en, ko });
