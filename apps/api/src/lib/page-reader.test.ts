import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArticlePage } from '../services/articles/page-metadata.ts';
import { parseMetadata } from '../services/html-metadata.ts';
import { fixture } from '../test/articles.ts';
import { closePageReader, PAGE_READER, readArticlePageMetadata, readPageMetadata, readPageText } from './page-reader.ts';
import { extractReadable } from './readable.ts';
import { SafeFetchError } from './safe-fetch.ts';

afterAll(() => closePageReader());

/** An article page of `paragraphs` paragraphs inside page chrome (about 330 bytes a paragraph). */
const bigPage = (paragraphs: number) =>
  `<!doctype html><html><head><title>Big</title><meta property="og:title" content="Big page"></head><body><nav>${'<a href="/x">Menu</a>'.repeat(50)}</nav><article><h1>Big</h1>${Array.from(
    { length: paragraphs },
    (_, i) => `<p>Paragraph ${i}: optical kerning adjusts the space between <a href="/k/${i}">letter pairs</a> so that words read evenly; <em>tracking</em> spaces a whole line, and <strong>leading</strong> the lines.</p>`,
  ).join('')}</article><footer>© Big</footer></body></html>`;

describe('the page reader (issue #29: pages parsed off the event loop)', () => {
  it('reads in its thread what the parsers read on the page: metadata, readable text, an article page’s metadata', async () => {
    const html = fixture('en-boring-technology.html');
    const url = 'https://example.com/post';
    expect(await readPageMetadata('test', { html: Buffer.from(html) }, url)).toEqual(parseMetadata(html, url));
    expect(await readPageText('test', { html: Buffer.from(html) })).toEqual(extractReadable(html));
    expect(await readPageText('test', { html })).toEqual(extractReadable(html));
    expect(await readArticlePageMetadata({ html: Buffer.from(html) }, url)).toEqual(parseArticlePage(html, url));
    // A short page is no article, yet its words are text at minChars 1.
    expect(await readPageText('test', { html: '<p>One short line.</p>' })).toBeNull();
    expect((await readPageText('test', { html: '<p>One short line.</p>' }, { minChars: 1 }))?.text).toBe('One short line.');
  });

  it('decodes the bytes by the charset the response named (EUC-KR)', async () => {
    const euckr = Buffer.from('c7d1b1b9beee', 'hex'); // 한국어 in EUC-KR
    const html = Buffer.concat([Buffer.from('<html><head><title>'), euckr, Buffer.from('</title></head><body></body></html>')]);
    expect((await readPageMetadata('test', { html, charset: 'euc-kr' }, 'https://example.com/')).title).toBe('한국어');
  });

  it('keeps the event loop free while a large page is parsed', async () => {
    const html = Buffer.from(bigPage(6_000)); // about 2 MB
    await readPageText('test', { html: '<p>warm</p>' }, { minChars: 1 }); // the thread started
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    const read = await readPageText('test', { html });
    const took = performance.now() - started;
    delay.disable();
    expect(read?.text).toContain('Paragraph 5999');
    // Parsed on the event loop, the longest stall would be about the whole read.
    expect(took).toBeGreaterThan(200);
    expect(delay.max / 1e6).toBeLessThan(took / 3);
  });

  it('reads the pages of the people waiting in turns: one person’s ten pages wait behind another’s one', async () => {
    const html = Buffer.from(bigPage(600));
    const done: string[] = [];
    const busy = Array.from({ length: 10 }, (_, i) => readPageText(1, { html }).then(() => done.push(`busy ${i}`)));
    await new Promise((r) => setTimeout(r, 10));
    const other = readPageText(2, { html }).then(() => done.push('other'));
    await Promise.all([...busy, other]);
    // The busy person's first page was running (or next) when the other came: the other's goes second or third.
    expect(done.indexOf('other')).toBeLessThanOrEqual(2);
    expect(done.filter((d) => d.startsWith('busy'))).toEqual(Array.from({ length: 10 }, (_, i) => `busy ${i}`));
  });

  it('gives up a page past its deadline as a fetch that timed out, and reads the next one', async () => {
    const html = Buffer.from(bigPage(6_000));
    const started = performance.now();
    const late = await readPageText('test', { html }, { deadlineMs: 50 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(SafeFetchError);
    expect((late as SafeFetchError).reason).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1_000); // answered at the deadline, not when the read would have ended
    // One waiting behind a long read gives up at its deadline too, without being started.
    const long = readPageText('test', { html });
    const waiting = await readPageText('other', { html: '<p>short</p>' }, { minChars: 1, deadlineMs: 20 }).catch((e: unknown) => e);
    expect((waiting as SafeFetchError).reason).toBe('timeout');
    expect((await long)?.text).toContain('Paragraph 5999');
    expect((await readPageText('test', { html: fixture('ko-toss-design-system.html') }))?.language).toBe('ko');
  });

  it('gives up a page that needs more than the thread’s heap as too large, and reads the next one in a new thread', async () => {
    const bounds = PAGE_READER as { heapMb: number };
    const heapMb = bounds.heapMb;
    await closePageReader();
    bounds.heapMb = 32; // the next thread's heap: a 2 MB page's DOM needs more
    try {
      expect((await readPageText('test', { html: '<p>Fits in the heap.</p>' }, { minChars: 1 }))?.text).toBe('Fits in the heap.');
      const big = await readPageText('test', { html: Buffer.from(bigPage(6_000)) }).catch((e: unknown) => e);
      expect(big).toBeInstanceOf(SafeFetchError);
      expect((big as SafeFetchError).reason).toBe('too-large');
      expect((await readPageText('test', { html: '<p>Read after it.</p>' }, { minChars: 1 }))?.text).toBe('Read after it.');
    } finally {
      bounds.heapMb = heapMb;
      await closePageReader();
    }
  });

  it(`refuses pages beyond the ${PAGE_READER.queue} waiting as busy, and reads the rest`, async () => {
    const html = Buffer.from(bigPage(300));
    const reads = await Promise.allSettled(Array.from({ length: PAGE_READER.threads + PAGE_READER.queue + 8 }, (_, i) => readPageText(i % 3, { html })));
    const refused = reads.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(8);
    for (const r of refused) expect(((r as PromiseRejectedResult).reason as SafeFetchError).reason).toBe('busy');
    expect(reads.filter((r) => r.status === 'fulfilled' && r.value?.text.includes('Paragraph 299'))).toHaveLength(reads.length - refused.length);
  });
});
