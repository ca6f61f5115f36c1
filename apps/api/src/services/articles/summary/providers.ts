import { detectLanguage, type ReadableArticle, squash } from '../../../lib/readable.ts';
import { candidateSentences } from './sentences.ts';
import { textRank } from './textrank.ts';

/** A finished summary: its sentences and who made it. */
export interface Summary {
  sentences: string[];
  method: 'extractive' | 'llm';
}

/** Where fallbacks are logged (Fastify's logger fits). */
export interface SummaryLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A summariser behind one interface (issue #10): the built-in extractive one, or an
 * OpenAI-compatible chat endpoint. Resolves null when the article has too little text for
 * a summary ('summary not available for this site').
 */
export interface SummaryProvider {
  readonly name: 'extractive' | 'llm';
  summarize(article: ReadableArticle, signal?: AbortSignal): Promise<Summary | null>;
}

/** The built-in, offline summariser: TextRank over the article's own sentences (3–5). */
export const extractiveProvider: SummaryProvider = {
  name: 'extractive',
  async summarize(article) {
    const sentences = textRank(candidateSentences(article.blocks, article.language), article.language);
    return sentences ? { sentences, method: 'extractive' } : null;
  },
};

/** Settings of an OpenAI-compatible endpoint (config AI_*). */
export interface LlmSettings {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a vLLM server. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole call, ms. */
  timeoutMs: number;
  /** Most tokens the answer may use (`max_tokens`). */
  maxTokens: number;
  /** Most characters of article text sent (the input's share of the token budget). */
  maxInputChars: number;
}

/** Largest answer body read from the endpoint, bytes; a longer one is abandoned. */
export const LLM_MAX_RESPONSE_BYTES = 256 * 1024;
/** Longest summary accepted from an LLM, characters; longer is treated as garbage. */
export const LLM_MAX_SUMMARY_CHARS = 1_500;
const LLM_MIN_SUMMARY_CHARS = 20;

/** Why an LLM answer was not used (logged; the extractive summary is used instead). */
export class LlmError extends Error {
  constructor(
    readonly reason: 'http' | 'timeout' | 'too-large' | 'malformed' | 'empty' | 'too-long' | 'wrong-language' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** The article text cut to `max` characters at a sentence or line end where possible. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf('. '), cut.lastIndexOf('다. '));
  return end > max * 0.6 ? cut.slice(0, end + 1) : cut;
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new LlmError('too-large', `Content-Length ${declared}`);
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new LlmError('too-large', `Answer over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Checks an LLM's answer and splits it into sentences: not empty, at most
 * {@link LLM_MAX_SUMMARY_CHARS}, in the article's language, bullets and numbering removed.
 * @throws LlmError 'empty' | 'too-long' | 'wrong-language'.
 */
export function acceptLlmSummary(answer: string, article: ReadableArticle): string[] {
  const text = answer
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean)
    .join('\n')
    .trim();
  if (text.length < LLM_MIN_SUMMARY_CHARS) throw new LlmError('empty', 'Empty answer');
  if (text.length > LLM_MAX_SUMMARY_CHARS) throw new LlmError('too-long', `Answer of ${text.length} characters`);
  if (detectLanguage(text) !== article.language) throw new LlmError('wrong-language', 'Answer not in the article language');
  const sentences = text
    .split('\n')
    .flatMap((line) => [...new Intl.Segmenter(article.language, { granularity: 'sentence' }).segment(line)].map((s) => squash(s.segment)))
    .filter(Boolean);
  if (sentences.length === 0) throw new LlmError('empty', 'No sentences');
  return sentences;
}

/**
 * An OpenAI-compatible chat completion (POST {baseUrl}/chat/completions) asked for a 3–5
 * sentence summary in the article's language. The article text is cut to `maxInputChars`,
 * the answer to `maxTokens` tokens; the call has `timeoutMs` in all and its body is read
 * up to 256 KB. Any failure — an HTTP error, a timeout, a malformed, empty, overlong or
 * wrong-language answer — is logged and the extractive summary is made instead, so a
 * person always gets a summary when the page has one to give.
 */
export function llmProvider(settings: LlmSettings, log?: SummaryLogger, fallback: SummaryProvider = extractiveProvider): SummaryProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: 'llm',
    async summarize(article, signal) {
      try {
        const sentences = await callLlm(url, settings, article, signal);
        return { sentences, method: 'llm' };
      } catch (err) {
        if (signal?.aborted) throw err;
        log?.warn({ err, reason: err instanceof LlmError ? err.reason : 'network', model: settings.model }, 'LLM summary failed; using the extractive summary');
        return fallback.summarize(article, signal);
      }
    },
  };
}

async function callLlm(url: string, settings: LlmSettings, article: ReadableArticle, outer?: AbortSignal): Promise<string[]> {
  const language = article.language === 'ko' ? 'Korean' : 'English';
  const signal = AbortSignal.any([AbortSignal.timeout(settings.timeoutMs), ...(outer ? [outer] : [])]);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        max_tokens: settings.maxTokens,
        temperature: 0.2,
        messages: [
          {
            role: 'system',
            content:
              `You summarise articles for a team's reference archive. Answer in ${language} only, ` +
              'with 3 to 5 plain sentences, one per line, no title, no bullets, no preamble.',
          },
          { role: 'user', content: `Title: ${article.title}\n\n${clip(article.text, settings.maxInputChars)}` },
        ],
      }),
    });
  } catch (e) {
    throw new LlmError((e as Error).name === 'TimeoutError' || signal.aborted ? 'timeout' : 'network', (e as Error).message);
  }
  let body: string;
  try {
    body = await readCapped(res, LLM_MAX_RESPONSE_BYTES);
  } catch (e) {
    if (e instanceof LlmError) throw e;
    throw new LlmError(signal.aborted ? 'timeout' : 'network', (e as Error).message);
  }
  if (!res.ok) throw new LlmError('http', `HTTP ${res.status}`);
  let content: unknown;
  try {
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    throw new LlmError('malformed', 'Not JSON');
  }
  if (typeof content !== 'string') throw new LlmError('malformed', 'No choices[0].message.content');
  return acceptLlmSummary(content, article);
}
