import { squash, type TextLanguage } from '../../../lib/readable.ts';
/**
 * Sentences of Korean and English text for the extractive summariser (issue #10): split
 * with the ICU sentence segmenter (`Intl.Segmenter`, which knows '다.', '요?', 'Mr.' and
 * decimal points), then filtered to what reads as a sentence of the article — not a menu
 * item, a caption, a cookie notice or a share prompt.
 */

/** The two languages summaries are made in (lib/readable.ts detectLanguage); other text is treated as English. */
export type SummaryLanguage = TextLanguage;

/** Length bounds of a summary sentence, characters (code points). */
const BOUNDS: Record<SummaryLanguage, { min: number; max: number }> = {
  ko: { min: 15, max: 300 },
  en: { min: 40, max: 400 },
};

/**
 * Sentences that are site furniture, not article text, in either language: cookie and
 * consent notices, sign-up and subscription prompts, sharing, copyright lines, "read more".
 */
const BOILERPLATE = [
  /cookie|consent|gdpr|privacy polic|terms of (use|service)/i,
  /subscribe|newsletter|sign ?up|sign ?in|log ?in|create an account/i,
  /\bshare (this|on)\b|follow us|click here|read more|continue reading|all rights reserved|copyright|©/i,
  /쿠키|개인정보|이용약관|구독|뉴스레터|로그인|회원가입|공유하기|무단 ?전재|재배포|저작권|더 ?보기|광고 ?문의|기사 ?제보/,
  /https?:\/\/|www\.|@\w+\.\w+/i,
];

/** A sentence ends like one: . ! ? … (or their full-width forms), maybe in quotes or brackets. */
const TERMINAL = /[.!?。！？…](["'”’)\]」』]*)$/;

const segmenters = new Map<SummaryLanguage, Intl.Segmenter>();
function segmenter(lang: SummaryLanguage): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) segmenters.set(lang, (s = new Intl.Segmenter(lang, { granularity: 'sentence' })));
  return s;
}

/** Every sentence of `text` as the segmenter cuts it, whitespace collapsed, empty ones dropped. */
export function splitSentences(text: string, lang: SummaryLanguage): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter(lang).segment(text)) {
    const s = squash(segment);
    if (s) out.push(s);
  }
  return out;
}

/**
 * Whether `sentence` may stand in a summary: within the length bounds (Korean 15–300,
 * English 40–400 characters), ending like a sentence, mostly letters, and not boilerplate.
 */
export function isSummarySentence(sentence: string, lang: SummaryLanguage): boolean {
  const length = Array.from(sentence).length;
  const { min, max } = BOUNDS[lang];
  if (length < min || length > max) return false;
  if (!TERMINAL.test(sentence)) return false;
  const letters = (sentence.match(/[\p{L}]/gu) ?? []).length;
  if (letters < length * 0.5) return false;
  if (lang === 'en' && sentence.split(' ').length < 6) return false;
  return !BOILERPLATE.some((re) => re.test(sentence));
}

/** The candidate sentences of an article's text blocks (paragraphs, list items), in order. */
export function candidateSentences(blocks: readonly string[], lang: SummaryLanguage): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const block of blocks) {
    for (const s of splitSentences(block, lang)) {
      if (!isSummarySentence(s, lang) || seen.has(s)) continue;
      seen.add(s);
      out.push(s);
    }
  }
  return out;
}
