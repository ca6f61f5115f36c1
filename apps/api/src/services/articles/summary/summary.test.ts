import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/articles.ts';
import { decodeHtml, detectLanguage, extractReadable, type ReadableArticle } from '../../../lib/readable.ts';
import { extractiveProvider, LLM_MAX_SUMMARY_CHARS, llmProvider, type LlmSettings } from './providers.ts';
import { candidateSentences, isSummarySentence, splitSentences } from './sentences.ts';
import { summaryLength, terms, textRank } from './textrank.ts';

const PAGES = [
  { file: 'ko-toss-design-system.html', lang: 'ko' },
  { file: 'ko-kakao-devops-msa.html', lang: 'ko' },
  { file: 'ko-coupang-delivery.html', lang: 'ko' },
  { file: 'en-uxtigers-execute-ux.html', lang: 'en' },
  { file: 'en-thudfactor-typography.html', lang: 'en' },
  { file: 'en-boring-technology.html', lang: 'en' },
] as const;

/** Text of the page's chrome (navigation, cookie banner, related links, newsletter, share, footer). */
const CHROME = /쿠키|구독|뉴스레터|로그인|함께 읽으면|무단 전재|All rights reserved|cookie|Subscribe|newsletter|Sign in|Log in|Share on|Privacy Policy|Recent Posts|under construction|Follow us/i;
const squash = (s: string) => s.replace(/\s+/g, ' ');
/** The page's visible text, for "each sentence comes from the page". */
const pageText = (html: string) => squash(html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&'));

describe('extractive summaries of real article pages (shipped fixtures)', () => {
  for (const { file, lang } of PAGES) {
    it(`${file}: 3–5 sentences of the article, in ${lang}, none of the page chrome`, async () => {
      const html = fixture(file);
      const article = extractReadable(html);
      expect(article).not.toBeNull();
      expect(article!.language).toBe(lang);
      expect(article!.text).not.toMatch(CHROME);
      const summary = await extractiveProvider.summarize(article!);
      expect(summary?.method).toBe('extractive');
      const sentences = summary!.sentences;
      expect(sentences.length).toBeGreaterThanOrEqual(3);
      expect(sentences.length).toBeLessThanOrEqual(5);
      const text = pageText(html);
      for (const s of sentences) {
        expect(text, s).toContain(s);
        expect(s).not.toMatch(CHROME);
        expect(detectLanguage(s) === lang || lang === 'ko').toBe(true);
      }
      // In the article's order.
      const positions = sentences.map((s) => text.indexOf(s));
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    });
  }

  it('finds no article on a login wall: no summary', async () => {
    expect(extractReadable(fixture('no-article.html'))).toBeNull();
  });

  it('is deterministic', async () => {
    const article = extractReadable(fixture('en-boring-technology.html'))!;
    const a = await extractiveProvider.summarize(article);
    const b = await extractiveProvider.summarize(article);
    expect(a).toEqual(b);
  });
});

describe('sentences', () => {
  it('splits Korean and English at sentence ends, not at decimal points', () => {
    expect(splitSentences('스프링 5.0 책을 읽었습니다. 그리고 결정했어요! 정말요?', 'ko')).toEqual([
      '스프링 5.0 책을 읽었습니다.',
      '그리고 결정했어요!',
      '정말요?',
    ]);
    expect(splitSentences('He paid $3.50 for version 2.1 of it. Then he left!', 'en')).toEqual(['He paid $3.50 for version 2.1 of it.', 'Then he left!']);
  });

  it('keeps sentences of article text and leaves out furniture', () => {
    expect(isSummarySentence('디자인 시스템은 명확한 약속을 가지고 출발합니다.', 'ko')).toBe(true);
    expect(isSummarySentence('이 사이트는 더 나은 경험을 위해 쿠키를 사용합니다.', 'ko')).toBe(false);
    expect(isSummarySentence('뉴스레터를 구독하면 매주 새로운 글을 보내드려요.', 'ko')).toBe(false);
    expect(isSummarySentence('짧아요.', 'ko')).toBe(false);
    expect(isSummarySentence('A menu item without an end', 'en')).toBe(false);
    expect(isSummarySentence('We use cookies to analyze website traffic and optimize your experience.', 'en')).toBe(false);
    expect(isSummarySentence('Read more at https://example.com/a-long-link-to-somewhere-else today.', 'en')).toBe(false);
    expect(isSummarySentence('Boring technology is not exciting, but its failure modes are well understood.', 'en')).toBe(true);
  });

  it('detects the language by Hangul share', () => {
    expect(detectLanguage('토스의 디자인 시스템, TDS를 만들고 있는 Frontend UX Engineer')).toBe('ko');
    expect(detectLanguage('Choose boring technology, 감사합니다')).toBe('en');
  });

  it('decodes pages by header charset, then <meta charset>, else UTF-8', () => {
    const eucKr = Buffer.from([0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee]); // 한국어
    expect(decodeHtml(eucKr, 'EUC-KR')).toBe('한국어');
    expect(decodeHtml(Buffer.concat([Buffer.from('<meta charset="euc-kr">'), eucKr]))).toContain('한국어');
    expect(decodeHtml(Buffer.from('한국어'))).toBe('한국어');
    expect(decodeHtml(Buffer.from('x'), 'no-such-charset')).toBe('x');
  });
});

describe('TextRank', () => {
  it('matches inflected Korean words through their stems and syllable pairs', () => {
    expect(terms('디자인을 만들고')).toContain('디자인');
    expect(terms('디자인이 좋아요')).toContain('디자인');
    expect(terms('The designs are designed')).toEqual(['design', 'design']);
  });

  it('picks 3 to 5 sentences, more for longer articles; none from fewer than 3', () => {
    expect([3, 8, 20, 40, 200].map(summaryLength)).toEqual([3, 3, 5, 5, 5]);
    expect(textRank(['One sentence about a topic here.', 'Another sentence about a topic here.'], 'en')).toBeNull();
  });

  it('prefers central sentences over outliers and skips near-duplicates', () => {
    const sentences = [
      'Design systems help teams ship consistent interfaces quickly.',
      'A design system is a set of components, tokens and rules for teams.',
      'Teams that share a design system spend less time on repeated decisions.',
      'My cat enjoys sleeping on warm keyboards every afternoon.',
      'Design systems help teams ship consistent interfaces quickly!',
      'Tokens keep colors and spacing of a design system consistent across platforms.',
    ];
    const summary = textRank(candidateSentences(sentences, 'en'), 'en')!;
    expect(summary).not.toContain('My cat enjoys sleeping on warm keyboards every afternoon.');
    const dupes = summary.filter((s) => s.startsWith('Design systems help teams ship'));
    expect(dupes.length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------------------------------
// The OpenAI-compatible provider, against a local server speaking that protocol
// ---------------------------------------------------------------------------------------

describe('OpenAI-compatible provider', () => {
  let server: http.Server;
  let baseUrl = '';
  let answer: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
  const requests: { headers: http.IncomingHttpHeaders; body: { model: string; max_tokens: number; messages: { role: string; content: string }[] } }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const warnings: object[] = [];
  const log = { warn: (obj: object) => void warnings.push(obj) };
  let article: ReadableArticle;

  const chat = (content: unknown) => (_req: http.IncomingMessage, _body: string, res: http.ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
    );

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/chat/completions') {
          requests.push({ headers: req.headers, body: JSON.parse(body) });
          answer(req, body, res);
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
    article = extractReadable(fixture('ko-toss-design-system.html'))!;
  });
  afterAll(async () => {
    timers.forEach(clearTimeout);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const settings = (over: Partial<LlmSettings> = {}): LlmSettings => ({
    baseUrl,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 2_000,
    maxTokens: 300,
    maxInputChars: 500,
    ...over,
  });

  it('asks for a summary in the article language and uses the answer', async () => {
    answer = chat('디자인 시스템은 제품처럼 운영되어야 해요.\n제품팀이 시스템을 우회하지 않도록 유연하게 설계해야 해요.\n- 규칙보다 관점의 전환이 필요했어요.');
    const summary = await llmProvider(settings(), log).summarize(article);
    expect(summary).toEqual({
      method: 'llm',
      sentences: [
        '디자인 시스템은 제품처럼 운영되어야 해요.',
        '제품팀이 시스템을 우회하지 않도록 유연하게 설계해야 해요.',
        '규칙보다 관점의 전환이 필요했어요.',
      ],
    });
    const req = requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: 'test-model', max_tokens: 300 });
    expect(req.body.messages[0]!.content).toContain('Korean');
    // The input's share of the token budget: at most maxInputChars of article text.
    const user = req.body.messages[1]!.content;
    expect(user.length).toBeLessThanOrEqual(500 + 'Title: \n\n'.length + article.title.length);
  });

  const fallsBack = async (reply: typeof answer, over: Partial<LlmSettings> = {}) => {
    answer = reply;
    const before = warnings.length;
    const summary = await llmProvider(settings(over), log).summarize(article);
    expect(summary?.method).toBe('extractive');
    expect(summary!.sentences.length).toBeGreaterThanOrEqual(3);
    expect(warnings.length).toBe(before + 1);
    return warnings.at(-1) as { reason: string };
  };

  it('falls back to the extractive summary when the endpoint errors', async () => {
    expect((await fallsBack((_q, _b, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}'))).reason).toBe('http');
  });

  it('falls back when it does not answer in time', async () => {
    const reason = await fallsBack((_q, _b, res) => timers.push(setTimeout(() => chat('늦은 답이에요. 너무 늦었어요. 정말 늦었어요.')(_q, _b, res), 3_000)), { timeoutMs: 300 });
    expect(reason.reason).toBe('timeout');
  });

  it('falls back on an empty answer, a malformed one, or one in another language', async () => {
    expect((await fallsBack(chat(''))).reason).toBe('empty');
    expect((await fallsBack(chat(null))).reason).toBe('malformed');
    expect((await fallsBack((_q, _b, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('not json'))).reason).toBe('malformed');
    expect((await fallsBack(chat('The design system should be run like a product. Teams should not have to work around it.'))).reason).toBe('wrong-language');
  });

  it('falls back on a 100 KB answer (garbage), and on a body over 256 KB unread', async () => {
    const hundredKb = '가'.repeat(34_000); // 102,000 bytes of UTF-8
    expect(Buffer.byteLength(hundredKb)).toBeGreaterThan(100_000);
    expect(hundredKb.length).toBeGreaterThan(LLM_MAX_SUMMARY_CHARS);
    expect((await fallsBack(chat(hundredKb))).reason).toBe('too-long');
    expect((await fallsBack(chat('가나다라. '.repeat(60_000)))).reason).toBe('too-large');
  });
});
