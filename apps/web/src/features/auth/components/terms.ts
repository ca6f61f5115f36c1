/** The sign-up agreements (SPEC §2 Dialogs: terms checkboxes). */
export interface Terms {
  service: boolean;
  privacy: boolean;
  marketing: boolean;
}
export type TermKey = keyof Terms | 'all';

export const NO_TERMS: Terms = { service: false, privacy: false, marketing: false };

/** SPEC §4 Terms: 'all' is true only when service, privacy and marketing all are. */
export function allAgreed(terms: Terms): boolean {
  return terms.service && terms.privacy && terms.marketing;
}

/** The required ones (service and privacy) are agreed, so sign-up may proceed. */
export function requiredAgreed(terms: Terms): boolean {
  return terms.service && terms.privacy;
}

/** SPEC §4 Terms: toggling 'all' sets all three to its new value; others toggle alone. */
export function toggleTerm(terms: Terms, key: TermKey): Terms {
  if (key === 'all') {
    const on = !allAgreed(terms);
    return { service: on, privacy: on, marketing: on };
  }
  return { ...terms, [key]: !terms[key] };
}
