import { LIMITS, TAG_PATTERN } from '@sauce/contract/limits';
import { cleanText } from '@sauce/contract/names';
import type { TagSuggestions } from '@sauce/contract/tags';
import { sql } from 'drizzle-orm';
import { eng, kor } from 'stopword';
import type { Db } from '../db/client.ts';
import { linkKey } from './duplicates.ts';
import { cachedMetadata, type MetadataOptions } from './metadata.ts';
import { LLM_MAX_RESPONSE_BYTES, type LlmSettings } from './articles/summary/providers.ts';
import { suggestSpaceTags } from './tags.ts';

/** Tags suggested from the space at once (the chips under the tag input). */
export const SPACE_SUGGESTIONS = 8;
/** Tags suggested from a source's text at once. */
export const TEXT_SUGGESTIONS = 5;
/** The space's most used tags a text's words are checked against. */
const KNOWN_TAGS = 100;
/** Longest wait for the LLM's tags, ms: a person is waiting (the summary's own timeout may be longer). */
export const LLM_TAGS_TIMEOUT_MS = 4_000;
/** Most characters of text read for keywords or sent to the LLM. */
const MAX_TEXT_CHARS = 8_000;

/**
 * Makes `word` a tag as SPEC §5 makes one (contract/tags.ts zTagName): NFC without
 * zero-width characters, lower-case, only Korean letters, English letters and digits, 1–15
 * characters. @returns the tag, or null when the word cannot be one as it is (never cut).
 */
export function asTag(word: string): string | null {
  const tag = cleanText(word).trim().toLowerCase();
  return TAG_PATTERN.test(tag) ? tag : null;
}

/**
 * English words too common to say what a page is about: the `stopword` package's list, and
 * the filler of web pages and notes it leaves out (good, paragraph, example, …).
 */
const STOP_EN = new Set([
  ...eng,
  ...`a about above after again all also am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further get gets got had has have having he her here hers him his
  how i if in into is it its itself just like make made many may me more most much must my new no nor not now of off on
  once one only or other our ours out over own per same she should so some such than that the their theirs them then
  there these they this those through to too under until up upon us use used using very via was we were what when where
  which while who whom why will with within without would you your yours www http https com net org html htm amp nbsp
  read more page pages site home click here privacy policy cookie cookies terms sign login log menu search share
  good great best better bad nice first last next well way ways time times year years day days people thing things lot
  lots really even still back see look want need know think take give going come work works part text paragraph example
  section content article post posts blog today update updated main full free easy simple another every something`.split(/\s+/),
]);
/**
 * Korean words too common to say what a page is about (after particles are taken off): the
 * `stopword` package's one-word entries, and the words of site furniture.
 */
const STOP_KO = new Set([
  ...kor.filter((w) => !w.includes(' ')),
  ...'그리고 그러나 하지만 그래서 또한 이것 그것 저것 여기 거기 우리 저희 당신 그녀 있다 없다 하다 되다 이다 있는 없는 하는 되는 위한 대한 통해 대해 때문 경우 정도 이번 지난 오늘 내일 모든 각각 가장 매우 정말 많은 같은 다른 이런 그런 저런 어떤 무엇 누구 언제 어디 로그인 회원가입 검색 메뉴 공유 더보기'.split(
    ' ',
  ),
]);
/** Particles and endings taken off the end of a Korean word (longest first): 디자인의 → 디자인. */
const KO_SUFFIXES = ['에서는', '으로는', '에게서', '이라는', '에서', '으로', '에게', '까지', '부터', '처럼', '보다', '이다', '라는', '하는', '하고', '했다', '합니다', '입니다', '은', '는', '이', '가', '을', '를', '의', '에', '와', '과', '도', '만', '로', '나'];

/** A Korean word without its particle, when what is left is still a word (2+ syllables). */
function stemKo(word: string): string {
  for (const s of KO_SUFFIXES.toSorted((a, b) => b.length - a.length)) {
    if (word.length - s.length >= 2 && word.endsWith(s)) return word.slice(0, -s.length);
  }
  return word;
}

/**
 * Offline tag suggestions (issue #21 item 6): the words of `parts` scored by how often they
 * come, a title's counting `weight` times; English words of 3+ letters and Korean words of
 * 2+ syllables (particles taken off), not stop words, not numbers alone, each made a tag by
 * {@link asTag} (words that cannot be a tag — too long, other characters — are skipped,
 * never cut); a word among `known` (the space's tags) counts whatever its length. Ties go
 * to the word seen first. @returns at most `max` tags, best first.
 */
export function keywordTags(parts: { text: string; weight: number }[], max = TEXT_SUGGESTIONS, known: ReadonlySet<string> = new Set()): string[] {
  const score = new Map<string, { n: number; first: number }>();
  let seen = 0;
  for (const { text, weight } of parts) {
    for (const m of text.slice(0, MAX_TEXT_CHARS).normalize('NFC').matchAll(/[가-힣]+|[A-Za-z][A-Za-z0-9]*|[0-9]+[A-Za-z][A-Za-z0-9]*/g)) {
      const raw = m[0];
      const hangul = /^[가-힣]/.test(raw);
      const word = hangul ? stemKo(raw) : raw.toLowerCase();
      const tag = asTag(word);
      if (!tag) continue;
      // A tag the space uses counts whatever its length (ux, ai).
      if (!known.has(tag) && (hangul ? word.length < 2 || STOP_KO.has(word) : word.length < 3 || STOP_EN.has(word) || /^\d+$/.test(word))) continue;
      const s = score.get(tag) ?? { n: 0, first: seen++ };
      s.n += weight;
      score.set(tag, s);
    }
  }
  return [...score]
    .sort(([, a], [, b]) => b.n - a.n || a.first - b.first)
    .slice(0, max)
    .map(([tag]) => tag);
}

/** Why the LLM's tags were not used (the offline keywords are used instead). */
export class LlmTagsError extends Error {
  constructor(readonly reason: 'http' | 'timeout' | 'too-large' | 'malformed' | 'empty' | 'network', message: string) {
    super(message);
    this.name = 'LlmTagsError';
  }
}

/**
 * Asks an OpenAI-compatible chat endpoint (POST {baseUrl}/chat/completions, as the article
 * summaries do: services/articles/summary/providers.ts) for at most `max` tags of `text`,
 * within `timeoutMs` (at most {@link LLM_TAGS_TIMEOUT_MS}) and an answer of at most 256 KB.
 * The answer may be a JSON array or words separated by commas or lines; each is made a tag
 * by {@link asTag} and dropped when it cannot be one.
 * @throws LlmTagsError on any failure, or when no word of the answer is a tag ('empty').
 */
export async function llmTags(settings: LlmSettings, text: string, max = TEXT_SUGGESTIONS): Promise<string[]> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const signal = AbortSignal.timeout(Math.min(settings.timeoutMs, LLM_TAGS_TIMEOUT_MS));
  let body: string;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      signal,
      headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: settings.model,
        max_tokens: 60,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content:
              `You tag entries of a team's reference archive. Answer with at most ${max} tags as a JSON array of strings, nothing else. ` +
              `Each tag is one word of 1 to ${LIMITS.tagLength} Korean letters, English letters or digits (no spaces, no punctuation), ` +
              'lower-case, in the language of the text.',
          },
          { role: 'user', content: text.slice(0, Math.min(MAX_TEXT_CHARS, settings.maxInputChars)) },
        ],
      }),
    });
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > LLM_MAX_RESPONSE_BYTES) throw new LlmTagsError('too-large', `Content-Length ${declared}`);
    body = await res.text();
  } catch (e) {
    if (e instanceof LlmTagsError) throw e;
    throw new LlmTagsError(signal.aborted ? 'timeout' : 'network', (e as Error).message);
  }
  if (body.length > LLM_MAX_RESPONSE_BYTES) throw new LlmTagsError('too-large', 'Answer too large');
  if (!res.ok) throw new LlmTagsError('http', `HTTP ${res.status}`);
  let content: unknown;
  try {
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    throw new LlmTagsError('malformed', 'Not JSON');
  }
  if (typeof content !== 'string') throw new LlmTagsError('malformed', 'No choices[0].message.content');
  const clean = (w: unknown) => (typeof w === 'string' ? asTag(w.replace(/^[\s#"'*•-]+|[\s"'.]+$/g, '')) : null);
  let tags: string[];
  try {
    const parsed: unknown = JSON.parse(content.trim().replace(/^```(?:json)?|```$/g, ''));
    tags = (Array.isArray(parsed) ? parsed : []).map(clean).filter((t): t is string => !!t);
  } catch {
    // A plain list ('design, ux'): every piece must be a tag, else it is prose, not tags.
    const pieces = content.split(/[,\n]/).filter((w) => w.trim());
    const made = pieces.map(clean);
    if (made.some((t) => !t)) throw new LlmTagsError('malformed', 'Not a list of tags');
    tags = made as string[];
  }
  tags = [...new Set(tags)];
  if (tags.length === 0) throw new LlmTagsError('empty', 'No tag in the answer');
  return tags.slice(0, max);
}

/** What {@link suggestTags} reads besides the database: the metadata cache and the LLM (config AI_*). */
export interface SuggestOptions {
  metadata: MetadataOptions;
  /** Set when AI_BASE_URL is. */
  llm: LlmSettings | null;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * POST /archive/sauce/{workspace}/tags/suggest (issue #21 item 6). `space`: the space's tags
 * starting with `search`, most used first, then by name (services/tags.ts suggestSpaceTags,
 * as the browser extension gets them). `fromText`: tags for a source from its title and text
 * and its link's page — the preview the editor already read (the metadata cache; nothing is
 * fetched here) or, when the space saved the link before, that source's link title,
 * description and kept readable copy — by the configured LLM when there is one, else (or
 * when it fails or times out) by {@link keywordTags}; tags already in `space` come first, as
 * the space's words. Suggestions are only suggestions: nothing is saved.
 */
export async function suggestTags(
  db: Db,
  workspaceId: number,
  input: { link?: string | null; text?: string | null; title?: string | null; search?: string },
  opts: SuggestOptions,
): Promise<TagSuggestions> {
  // The space's tags by use, read once: the chips' first ones when nothing is typed, and the
  // words of the text that are the space's tags already.
  const known = await suggestSpaceTags(db, workspaceId, '', KNOWN_TAGS);
  const space = input.search ? await suggestSpaceTags(db, workspaceId, input.search, SPACE_SUGGESTIONS) : known.slice(0, SPACE_SUGGESTIONS);
  const parts: { text: string; weight: number }[] = [];
  if (input.title) parts.push({ text: input.title, weight: 3 });
  if (input.link) {
    const meta = await cachedMetadata(input.link, opts.metadata);
    const { rows } = await db.execute<{ link_title: string; link_description: string; copy_text: string | null }>(sql`
      SELECT link_title, link_description, left(copy_text, ${MAX_TEXT_CHARS}) AS copy_text FROM sauces
      WHERE workspace_id = ${workspaceId} AND link_key = ${linkKey(input.link)}
      ORDER BY (copy_text IS NOT NULL) DESC, id DESC LIMIT 1`);
    const saved = rows[0];
    const title = meta?.title || saved?.link_title;
    const description = meta?.description || saved?.link_description;
    if (title) parts.push({ text: title, weight: 3 });
    if (description) parts.push({ text: description, weight: 2 });
    if (saved?.copy_text) parts.push({ text: saved.copy_text, weight: 1 });
  }
  if (input.text) parts.push({ text: input.text, weight: 1 });
  if (parts.length === 0) return { space, fromText: [], method: 'none' };
  const spaceTags = new Set(known);
  const spaceFirst = (tags: string[]) => [...tags.filter((t) => spaceTags.has(t)), ...tags.filter((t) => !spaceTags.has(t))];
  if (opts.llm) {
    try {
      const text = parts.map((p) => p.text).join('\n\n');
      return { space, fromText: spaceFirst(await llmTags(opts.llm, text)), method: 'llm' };
    } catch (err) {
      opts.log?.warn({ err, reason: err instanceof LlmTagsError ? err.reason : 'network' }, 'LLM tags failed; using keywords');
    }
  }
  // A few more candidates than shown, so a word the space already uses as a tag is not crowded out.
  const fromText = spaceFirst(keywordTags(parts, TEXT_SUGGESTIONS * 3, spaceTags)).slice(0, TEXT_SUGGESTIONS);
  return { space, fromText, method: fromText.length ? 'keywords' : 'none' };
}
