import { ARTICLE_LIMITS } from '@sauce/contract/articles';
import type { SummaryLanguage } from './sentences.ts';

/**
 * The built-in summariser (issue #10): TextRank over sentences. Each sentence is a node;
 * edges are the TF-IDF cosine similarity of their terms; PageRank (damping 0.85) scores
 * them; the best 3–5 are kept in the article's order, skipping near-duplicates. Offline,
 * deterministic, and in the article's own language (the sentences are the article's).
 *
 * Terms: English words lowercased, stop words dropped, a light suffix strip (plurals,
 * -ing, -ed); Korean words with their trailing particle removed (은/는/이/가/을/를/…),
 * plus the words' syllable bigrams, which match inflected forms ('디자인을', '디자인이')
 * without a morphological analyser.
 */

const EN_STOP = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers him his how i if
  in into is it its itself just let me more most my no nor not now of off on once only or other our ours out over own same
  she should so some such than that the their theirs them then there these they this those through to too under until up
  very was we were what when where which while who whom why will with would you your yours also may might must one two
  new like get got make made use used using way many much well even still really thing things`
    .split(/\s+/)
    .filter(Boolean),
);

/** Particles and copula endings stripped from the end of a Korean word, longest first. */
const KO_SUFFIXES = [
  '으로부터', '에서부터', '이라는', '이라고', '에게서', '으로써', '으로서', '까지는', '에서는', '에서도', '으로는',
  '에서', '에게', '으로', '부터', '까지', '처럼', '보다', '라는', '라고', '이다', '입니다', '했다', '한다', '하는',
  '하고', '하면', '와는', '과는', '이나', '이며', '에는', '에도', '로는', '은', '는', '이', '가', '을', '를', '에',
  '의', '와', '과', '도', '로', '만', '께', '요',
].sort((a, b) => b.length - a.length);

function stemKo(word: string): string {
  for (const suffix of KO_SUFFIXES) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

function stemEn(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The terms of one sentence (see the module comment). */
export function terms(sentence: string): string[] {
  const out: string[] = [];
  for (const raw of sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/[\uac00-\ud7a3]/.test(raw)) {
      const stem = stemKo(raw.replace(/[^\uac00-\ud7a3]/g, ''));
      if (stem.length >= 2) out.push(stem);
      for (let i = 0; i + 1 < stem.length; i++) out.push(`²${stem.slice(i, i + 2)}`);
    } else if (raw.length > 2 && !EN_STOP.has(raw) && !/^\d+$/.test(raw)) {
      out.push(stemEn(raw));
    }
  }
  return out;
}

type Vector = Map<string, number>;

function cosine(a: Vector, b: Vector, normA: number, normB: number): number {
  if (normA === 0 || normB === 0) return 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, w] of small) dot += w * (large.get(term) ?? 0);
  return dot / (normA * normB);
}

/** How many sentences a summary of `n` candidates gets: 3 to 5, growing with the article. */
export function summaryLength(n: number): number {
  const { summaryMinSentences: min, summaryMaxSentences: max } = ARTICLE_LIMITS;
  return Math.max(min, Math.min(max, Math.round(n / 8) + 2));
}

/** Sentences more similar than this to a chosen one are left out (near-duplicates). */
const REDUNDANT = 0.6;
const DAMPING = 0.85;
const ITERATIONS = 60;

/**
 * Ranks `sentences` (already filtered, in article order) and returns the summary: 3–5 of
 * them in article order, or null when there are fewer than 3 to choose from.
 * @param lang only for the record: terms cover both languages.
 */
export function textRank(sentences: readonly string[], _lang: SummaryLanguage): string[] | null {
  const n = sentences.length;
  if (n < ARTICLE_LIMITS.summaryMinSentences) return null;
  // TF-IDF vectors.
  const tokenized = sentences.map(terms);
  const df = new Map<string, number>();
  for (const ts of tokenized) for (const t of new Set(ts)) df.set(t, (df.get(t) ?? 0) + 1);
  const vectors = tokenized.map((ts) => {
    const v: Vector = new Map();
    for (const t of ts) v.set(t, (v.get(t) ?? 0) + 1);
    for (const [t, tf] of v) v.set(t, (1 + Math.log(tf)) * Math.log(1 + n / (df.get(t) ?? 1)));
    return v;
  });
  const norms = vectors.map((v) => Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0)));
  const sim: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = cosine(vectors[i]!, vectors[j]!, norms[i]!, norms[j]!);
      sim[i]![j] = s;
      sim[j]![i] = s;
    }
  }
  // PageRank over the weighted graph.
  const outWeight = sim.map((row) => row.reduce((a, b) => a + b, 0));
  let score = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    for (let j = 0; j < n; j++) {
      if (outWeight[j] === 0) {
        for (let i = 0; i < n; i++) next[i]! += (DAMPING * score[j]!) / n;
        continue;
      }
      for (let i = 0; i < n; i++) if (sim[j]![i]) next[i]! += (DAMPING * score[j]! * sim[j]![i]!) / outWeight[j]!;
    }
    const delta = next.reduce((d, v, i) => d + Math.abs(v - score[i]!), 0);
    score = next;
    if (delta < 1e-6) break;
  }
  // A light lead bias: articles state their point early.
  const ranked = score
    .map((s, i) => ({ i, s: s * (1 + 0.3 / (1 + i / 3)) }))
    .sort((a, b) => b.s - a.s || a.i - b.i);
  const want = summaryLength(n);
  const chosen: number[] = [];
  for (const { i } of ranked) {
    if (chosen.length >= want) break;
    if (chosen.some((c) => sim[c]![i]! > REDUNDANT)) continue;
    chosen.push(i);
  }
  // Near-duplicates only when nothing else is left (a short, repetitive article).
  for (const { i } of ranked) {
    if (chosen.length >= ARTICLE_LIMITS.summaryMinSentences) break;
    if (!chosen.includes(i)) chosen.push(i);
  }
  return chosen.sort((a, b) => a - b).map((i) => sentences[i]!);
}
