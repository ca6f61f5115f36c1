// Issue #22 item 1: every listed format, each from a fixture written for the test from the
// product's documented export format (fixtures/), recognised by its shape and read whole:
// links, titles, notes, dates, tags and folders.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../test/zip.ts';
import type { ImportEntry } from './entry.ts';
import { parseImport } from './parse.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
/** The entries of a fixture, shortened to what the tests look at. */
async function read(name: string | Buffer) {
  const parsed = await parseImport(typeof name === 'string' ? fixture(name) : name);
  return { format: parsed.format, entries: parsed.entries, byTitle: (t: string) => parsed.entries.find((e) => e.title === t)! };
}
const folders = (e: ImportEntry) => (e.folders ?? []).map((p) => p.join(' / '));

describe('Netscape bookmarks HTML, every dialect', () => {
  it('Chrome and Edge: nested folders under the bookmarks bar (a root, not a folder), dates in seconds, a bookmarklet listed', async () => {
    const { format, entries, byTitle } = await read('chrome.html');
    expect(format).toBe('bookmarks-html');
    expect(entries.map((e) => [e.title, folders(e)])).toEqual([
      ['Figma', []],
      ['Material Design 3', ['Design']],
      ['Google Fonts', ['Design / Type']],
      ['MDN Web Docs', []],
      ['A bookmarklet', []],
    ]);
    expect(byTitle('Figma')).toMatchObject({ link: 'https://www.figma.com/', createdAt: '2023-06-29T00:55:00.000Z' });
    expect(byTitle('A bookmarklet')).toMatchObject({ skip: 'invalidLink', rawLink: "javascript:(function(){alert('bookmarklet')})()" });
  });

  it('Firefox: menu items at the top, toolbar and other bookmarks as roots, tags cleaned, notes, a place: query listed', async () => {
    const { entries, byTitle } = await read('firefox.html');
    expect(entries.map((e) => [e.title, folders(e)])).toEqual([
      ['Firefox', []],
      ['Recent Tags', []],
      ['LWN.net', ['Reading']],
      ['W3C Standards', []],
    ]);
    expect(byTitle('Firefox')).toMatchObject({
      text: 'The browser, with a note',
      tags: ['browser', 'opensource'],
      changes: [{ code: 'tagCleaned', from: 'open-source', to: 'opensource' }],
    });
    expect(byTitle('Recent Tags')).toMatchObject({ skip: 'invalidLink', rawLink: 'place:sort=8&maxResults=10' });
  });

  it('Safari: no dates, folders outside any list, the Reading List kept as a folder', async () => {
    const { entries } = await read('safari.html');
    expect(entries.map((e) => [e.title, folders(e), e.createdAt])).toEqual([
      ['Apple', ['Favourites'], null],
      ['WebKit Blog', ['Favourites'], null],
      ['Human Interface Guidelines', ['Reading List'], null],
    ]);
  });

  it('Internet Explorer: CRLF lines and FOLDED folders', async () => {
    const { entries } = await read('ie.htm');
    expect(entries.map((e) => [e.title, folders(e), e.createdAt])).toEqual([
      ['MSN', ['Links'], '2010-01-01T00:00:00.000Z'],
      ['Get Windows Live', ['Windows Live'], '2010-01-01T00:00:00.000Z'],
      ['Bing', [], '2010-01-01T00:00:00.000Z'],
    ]);
  });

  it('Google Bookmarks: dates in microseconds; a link under two labels is one entry in both folders', async () => {
    const { entries, byTitle } = await read('google-bookmarks.html');
    expect(byTitle('A List Apart').createdAt).toBe('2020-01-02T00:00:00.000Z');
    const smashing = entries.filter((e) => e.title === 'Smashing Magazine');
    expect(smashing[0]).toMatchObject({ text: 'Articles on web design', createdAt: '2020-01-01T00:00:00.000Z' });
    expect(folders(smashing[0]!)).toEqual(['design', 'reading']);
    expect(smashing[1]!.skip).toBe('merged');
    expect(folders(byTitle('Hacker News'))).toEqual(['Unlabeled']);
  });

  it('Raindrop: nested collections, DATA-COVER as the preview image, tags cleaned not dropped', async () => {
    const { entries, byTitle } = await read('raindrop.html');
    expect(entries).toHaveLength(2);
    expect(byTitle('Type Scale')).toMatchObject({
      folders: [['Design Systems', 'Typography Resources']],
      image: 'https://typescale.com/og.png',
      text: 'Pick a ratio first',
      tags: ['type', 'designsystems'],
    });
    expect(byTitle('Design Systems Repo')).toMatchObject({ tags: ['tofb', 'ds'], changes: [{ code: 'tagCleaned', from: 'to:fb', to: 'tofb' }] });
  });

  it('Pinboard, Delicious, Shaarli, linkding, LinkAce, Karakeep: tags, notes and dates', async () => {
    expect((await read('pinboard.html')).entries[0]).toMatchObject({
      title: 'The Website Obesity Crisis',
      text: 'Maciej on page weight',
      createdAt: '2015-12-01T00:00:00.000Z',
      tags: ['web', 'performance', 'talks'],
    });
    expect((await read('delicious.html')).entries.map((e) => [e.title, e.tags, e.text])).toEqual([
      ['Cascading Style Sheets', ['css', 'web', 'standards'], "W3C's CSS home"],
      ['Alertbox', ['usability'], ''],
    ]);
    expect((await read('shaarli.html')).entries[0]).toMatchObject({ text: 'Minimalist bookmarking', tags: ['docs', 'selfhosted'] });
    expect((await read('linkding.html')).entries[0]).toMatchObject({ tags: ['selfhosted', 'bookmarks'], text: expect.stringContaining('Try the shared bookmarks') });
    expect((await read('linkace.html')).entries[0]).toMatchObject({ tags: ['bookmarks', 'laravel'], text: 'Your self-hosted bookmark archive' });
    const karakeep = await read('karakeep.html');
    expect(karakeep.entries.map((e) => [e.title, e.tags, e.createdAt])).toEqual([
      ['Karakeep', ['bookmarks', 'ai'], '2024-10-27T03:33:20.000Z'],
      ['Karakeep docs', [], null],
    ]);
  });

  it("Shaarli's export (v0.12 on): the <H1> naming the export, PRIVATE and TAGS, <DT>/<DD> closed, a note's relative permalink read as a note", async () => {
    const { format, entries } = await read('shaarli-export.html');
    expect(format).toBe('bookmarks-html');
    expect(entries.map((e) => ({ title: e.title, link: e.link, tags: e.tags, text: e.text, createdAt: e.createdAt, folders: e.folders }))).toEqual([
      {
        title: '대한민국 정책브리핑 — 오늘의 정책',
        link: 'https://www.korea.kr/news/policyNewsView.do?newsId=148900000',
        tags: ['정책', '뉴스'],
        text: '주간 정책 요약.\n토요일에 다시 읽기',
        createdAt: '2026-11-30T09:00:00.000Z',
        folders: undefined,
      },
      {
        title: 'Shaarli documentation',
        link: 'https://shaarli.readthedocs.io/en/master/',
        tags: ['selfhosted', 'docs', 'php'],
        text: 'Minimalist bookmarking, no database',
        createdAt: '2025-03-14T05:30:00.000Z',
        folders: undefined,
      },
      { title: '장보기 메모', link: null, tags: ['메모'], text: '- 두부\n- 김치', createdAt: '2024-07-01T12:00:00.000Z', folders: undefined },
      { title: 'HTML 5.2', link: 'https://www.w3.org/TR/html52/', tags: [], text: '', createdAt: '2019-02-03T04:05:06.000Z', folders: undefined },
    ]);
    expect(entries.every((e) => !e.skip)).toBe(true);
    expect(entries[1]!.changes).toEqual([{ code: 'tagCleaned', from: 'self-hosted', to: 'selfhosted' }]);
  });

  it("Shaarli's early export (refused as damaged before): <DT> items with no list around them, '?hash' notes", async () => {
    const { format, entries } = await read('shaarli-legacy.html');
    expect(format).toBe('bookmarks-html');
    expect(entries.map((e) => [e.title, e.link, e.tags, e.text, e.createdAt])).toEqual([
      [
        'Shaarli - sebsauvage.net',
        'https://sebsauvage.net/wiki/doku.php?id=php:shaarli',
        ['shaarli', 'php', 'selfhosted'],
        'The personal, minimalist, super-fast, no-database delicious clone.\nWorks with a single PHP file.',
        '2013-05-01T08:00:00.000Z',
      ],
      ['다음 — Daum', 'https://www.daum.net/', ['포털', '뉴스'], '', '2013-05-02T09:30:00.000Z'],
      ['Note: 이번 주 할 일', null, ['todo'], '블로그 백업하기', '2013-06-10T21:15:00.000Z'],
    ]);
    expect(entries.every((e) => !e.skip && !e.folders)).toBe(true);
  });

  it("Shaarli's extended export: the permalink and thumbnail it writes in a note are not bookmarks; a link in a note keeps its words", async () => {
    const file = Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Links</TITLE>
<H1>Shaarli export of public bookmarks on Sat, 06 Jun 20 15:50:59 +0200</H1>
<DL><p>
<DT><A HREF="https://www.bbc.com/future/article/20190213-fish-pirates" ADD_DATE="1591451445" PRIVATE="0" TAGS="story,oceans">The hunt for the fish pirates</A>

<DD>A rogue fishing vessel, caught at last.
<A HREF="https://links.example/?JVvqCA"><IMG SRC="https://links.example/cache/thumb/290c/c975.jpg"/></A>
<DT><A HREF="https://ko.wikipedia.org/wiki/한글" ADD_DATE="1591451500" PRIVATE="0" TAGS="한글">한글 - 위키백과</A>

<DD>See <a href="https://www.hangeul.go.kr/">the museum</a> too.
</DL><p>
`);
    const { entries } = await read(file);
    expect(entries.map((e) => [e.title, e.link, e.text, e.tags])).toEqual([
      ['The hunt for the fish pirates', 'https://www.bbc.com/future/article/20190213-fish-pirates', 'A rogue fishing vessel, caught at last.', ['story', 'oceans']],
      ['한글 - 위키백과', 'https://ko.wikipedia.org/wiki/%ED%95%9C%EA%B8%80', 'See the museum too.', ['한글']],
    ]);
  });

  it("Scuttle: the note in its description attribute, 'system:unfiled' is no tag, lower-case </a>", async () => {
    const { entries } = await read('scuttle.html');
    expect(entries.map((e) => [e.title, e.text, e.tags])).toEqual([
      ['SemanticScuttle', 'Social bookmarking & tagging', ['bookmarks', 'php']],
      ['PHP', '', []],
    ]);
    expect(entries[1]!.changes).toBeUndefined();
  });
});

describe('browser profile files', () => {
  it("Chrome's (and Edge's) Bookmarks JSON: roots are not folders, dates in microseconds since 1601", async () => {
    const { format, entries, byTitle } = await read('chrome-Bookmarks.json');
    expect(format).toBe('chrome-json');
    expect(entries.map((e) => [e.title, folders(e)])).toEqual([
      ['Linear', []],
      ['Are.na', ['Inspiration']],
      ['Inter typeface', ['Inspiration / Typography']],
      ['Chromium blog', []],
    ]);
    expect(byTitle('Linear')).toMatchObject({ link: 'https://linear.app/', createdAt: '2023-09-06T12:00:00.000Z' });
  });

  it("Firefox's JSON backup: roots, a folder, tags as text, an old description, separators passed over, place: listed", async () => {
    const { format, entries, byTitle } = await read('firefox-backup.json');
    expect(format).toBe('firefox-json');
    expect(entries.map((e) => [e.title, folders(e)])).toEqual([
      ['Mozilla Developer Network', []],
      ['Most Visited', []],
      ['Old note', []],
      ['LWN.net', ['Reading']],
      ['W3C', []],
    ]);
    expect(byTitle('Mozilla Developer Network')).toMatchObject({ tags: ['docs', 'webplatform'], createdAt: '2023-07-22T04:28:20.000Z' });
    expect(byTitle('Most Visited').skip).toBe('invalidLink');
    expect(byTitle('Old note').text).toBe('Kept from an old profile');
  });
});

describe('read-later services', () => {
  it('Pocket CSV: tags at |, time_added in seconds, states are not folders', async () => {
    const { format, entries } = await read('pocket.csv');
    expect(format).toBe('pocket-csv');
    expect(entries.map((e) => [e.title, e.tags, e.createdAt, folders(e)])).toEqual([
      ['How to Read a Paper', ['research', 'reading'], '2022-04-15T05:20:00.000Z', []],
      ['Design, Explained', [], '2022-04-15T05:21:40.000Z', []],
      ['Long reads', ['longform', 'tofb'], '2022-04-15T05:23:20.000Z', []],
    ]);
  });

  it('Pocket HTML', async () => {
    const { format, entries } = await read('pocket.html');
    expect(format).toBe('pocket-html');
    expect(entries.map((e) => [e.title, e.tags, folders(e)])).toEqual([
      ['How to Read a Paper', ['research', 'reading'], []],
      ['Design, Explained', [], []],
    ]);
  });

  it('Instapaper CSV, old and new: the selection as the note, folders but not reading states, dates and tags when given', async () => {
    const old = await read('instapaper-old.csv');
    expect(old.format).toBe('instapaper-csv');
    expect(old.entries.map((e) => [e.title, e.text, folders(e), e.createdAt])).toEqual([
      ['Instapaper', '', [], null],
      ['The Need to Read', 'Reading is thinking.', ['Essays'], null],
      ['Archived one', '', [], null],
    ]);
    const fresh = await read('instapaper-new.csv');
    expect(fresh.format).toBe('instapaper-csv');
    expect(fresh.byTitle('The Need to Read')).toMatchObject({ tags: ['essays', 'mustread'], createdAt: '2023-11-14T22:15:00.000Z', folders: [['Essays']] });
    expect(folders(fresh.byTitle('A starred one'))).toEqual(['Starred']);
  });

  it('Instapaper HTML: its sections are its folders', async () => {
    const { format, entries } = await read('instapaper.html');
    expect(format).toBe('instapaper-html');
    expect(entries.map((e) => [e.title, folders(e)])).toEqual([
      ['Instapaper', []],
      ['The Need to Read', ['Essays']],
      ['Archived one', []],
    ]);
  });

  it('Raindrop CSV: nested folder paths, notes, excerpts as the description, covers', async () => {
    const { format, byTitle } = await read('raindrop.csv');
    expect(format).toBe('raindrop-csv');
    expect(byTitle('Raindrop, one')).toMatchObject({
      text: 'My note',
      description: 'Excerpt of one',
      image: 'https://cdn.example/cover.png',
      tags: ['designsystems', 'ui'],
      folders: [['Design Systems', 'Typography Resources']],
      createdAt: '2023-05-01T10:00:00.000Z',
    });
    expect(byTitle('Two')).toMatchObject({ text: '', description: 'Only an excerpt' });
    expect(byTitle('Two').folders).toBeUndefined();
    expect(byTitle('Three')).toMatchObject({ folders: [['Reading']], tags: ['tofb'] });
  });

  it('Pinboard JSON: description is the title, extended the note, tags at spaces', async () => {
    const { format, entries } = await read('pinboard.json');
    expect(format).toBe('pinboard-json');
    expect(entries[0]).toMatchObject({
      title: 'The Website Obesity Crisis',
      link: 'https://idlewords.com/talks/website_obesity.htm',
      text: 'Maciej on page weight',
      tags: ['web', 'performance', 'talks'],
      createdAt: '2015-12-01T00:00:00.000Z',
    });
  });

  it('Delicious JSON', async () => {
    const { format, entries } = await read('delicious.json');
    expect(format).toBe('delicious-json');
    expect(entries[0]).toMatchObject({ title: 'Cascading Style Sheets', text: "W3C's CSS home", tags: ['css', 'webstandards'], createdAt: '2009-01-01T00:00:00.000Z' });
  });

  it("Delicious's bookmarks export (JSON, refused as 'not a file Sauce can import' before): description the note, created in seconds, tags at commas, at spaces or a list", async () => {
    const { format, entries } = await read('delicious-export.json');
    expect(format).toBe('delicious-json');
    expect(entries.map((e) => ({ title: e.title, link: e.link, tags: e.tags, text: e.text, createdAt: e.createdAt }))).toEqual([
      {
        title: 'A List Apart',
        link: 'https://alistapart.com/',
        tags: ['design', 'ux', 'webstandards'],
        text: 'For people who make websites',
        createdAt: '2010-01-01T00:00:00.000Z',
      },
      {
        title: '네이버 D2 — 개발자 블로그',
        link: 'https://d2.naver.com/home',
        tags: ['개발', '블로그', '네이버'],
        text: '네이버 개발자들의 기술 글',
        createdAt: '2011-03-15T12:00:00.000Z',
      },
      { title: 'Smashing Magazine', link: 'https://www.smashingmagazine.com/', tags: ['design', 'css'], text: '', createdAt: '2012-08-20T18:45:00.000Z' },
      { title: '브런치 — 좋은 글이 모이는 곳', link: 'https://brunch.co.kr/', tags: [], text: '읽을거리\n주말에 다시 보기', createdAt: '2009-05-05T05:05:05.000Z' },
    ]);
    expect(entries[0]!.changes).toEqual([{ code: 'tagCleaned', from: 'web standards', to: 'webstandards' }]);
    expect(entries.slice(1).every((e) => !e.changes && !e.skip)).toBe(true);
  });

  it('Karakeep JSON: links, notes, lists as nested folders; its files listed as not imported', async () => {
    const { format, byTitle } = await read('karakeep.json');
    expect(format).toBe('karakeep-json');
    expect(byTitle('Karakeep')).toMatchObject({
      link: 'https://karakeep.app/',
      text: 'Try the AI tagging',
      tags: ['bookmarks', 'selfhosted'],
      folders: [['Tools', 'Self-hosted']],
      description: 'A self-hostable bookmark-everything app',
      createdAt: '2024-10-27T03:33:20.000Z',
    });
    expect(byTitle('A thought')).toMatchObject({ link: null, text: 'Remember this.' });
    expect(byTitle('A picture').skip).toBe('fileMissing');
  });

  it('Linkwarden backup: collections as folders, tags as objects, importDate before createdAt', async () => {
    const { format, byTitle } = await read('linkwarden.json');
    expect(format).toBe('linkwarden-json');
    expect(byTitle('Linkwarden')).toMatchObject({ folders: [['Research']], tags: ['opensource'], text: 'Collaborative bookmark manager', createdAt: '2024-01-03T00:00:00.000Z' });
    expect(byTitle('Old bookmark')).toMatchObject({ folders: [['Imports']], createdAt: '2012-06-01T00:00:00.000Z' });
  });

  it('Omnivore JSON, and its ZIP with highlights as notes', async () => {
    const json = await read('omnivore.json');
    expect(json.format).toBe('omnivore-json');
    expect(json.byTitle('How to Take Smart Notes')).toMatchObject({ tags: ['notetaking', 'pkm'], description: 'A summary of the Zettelkasten method', createdAt: '2023-02-01T09:30:00.000Z' });
    const zip = zipFiles({
      'metadata_0_to_2.json': fixture('omnivore.json'),
      'content/how-to-take-smart-notes-18b2.html': Buffer.from('<p>article</p>'),
      'highlights/how-to-take-smart-notes-18b2.md': Buffer.from('> Write permanent notes\n\nMy own thought'),
    });
    const fromZip = await read(zip);
    expect(fromZip.format).toBe('omnivore-zip');
    expect(fromZip.byTitle('How to Take Smart Notes').text).toBe('> Write permanent notes\n\nMy own thought');
    expect(fromZip.entries).toHaveLength(2);
  });

  it('wallabag JSON: annotations as the note, the article body left out, dates with +0200', async () => {
    const { format, byTitle } = await read('wallabag.json');
    expect(format).toBe('wallabag-json');
    expect(byTitle("The Web's Grain")).toMatchObject({
      tags: ['web', 'readlater'],
      text: '> edgelessness\nThe key idea',
      createdAt: '2021-04-05T08:11:12.000Z',
      image: 'https://frankchimero.com/img/grain.jpg',
    });
  });

  it('Readability JSON: all three, dates without a zone read as UTC', async () => {
    const { format, entries } = await read('readability.json');
    expect(format).toBe('readability-json');
    expect(entries.map((e) => [e.title, e.link, e.createdAt])).toEqual([
      ['Reading on the Web', 'https://example.com/reading-on-the-web', '2014-03-01T10:20:30.000Z'],
      ['Typography matters', 'https://example.com/typography', '2014-04-01T08:00:00.000Z'],
      ['Third', 'https://example.com/third', '2014-05-01T08:00:00.000Z'],
    ]);
  });
});

describe('recognition by shape', () => {
  const reason = (data: Buffer) =>
    parseImport(data).then(
      (p) => p.format,
      (e: { code?: string; details?: { reason?: string; formats?: string[] } }) => `${e.details?.reason}${e.details?.formats ? ` ${e.details.formats.join('+')}` : ''}`,
    );

  it('refuses what it does not know, listing what it reads', async () => {
    const err = (await parseImport(Buffer.from('{"hello": "world"}')).catch((e: unknown) => e)) as Error & { details: { reason: string; supported: string[] } };
    expect(err.details.reason).toBe('unsupported');
    expect(err.details.supported).toContain('readability-json');
    expect(err.message).toMatch(/Supported: Bookmarks HTML.*Chrome or Edge.*Firefox.*Pocket.*Instapaper.*Raindrop.*Pinboard.*Delicious.*Karakeep.*Linkwarden.*Omnivore.*wallabag.*Readability.*Sauce/);
    expect(await reason(Buffer.from('name,address\nx,y\n'))).toBe('unsupported');
    // A CSV with only url and title columns is no product's export.
    expect(await reason(Buffer.from('url,title\nhttps://a.example,A\n'))).toBe('unsupported');
    expect(await reason(Buffer.from('<!doctype html><html><body><a href="https://x.example">x</a></body></html>'))).toBe('unsupported');
  });

  it("never takes a list for Delicious's export for its common keys alone", async () => {
    const item = { title: 'A', url: 'https://a.example/', description: '', tags: 'a,b', created: '1262304000' };
    // Without Delicious's own `others` or `owner`: any app's list of links.
    expect(await reason(Buffer.from(JSON.stringify([item])))).toBe('unsupported');
    expect(await reason(Buffer.from(JSON.stringify([{ ...item, owner: 'minji' }])))).toBe('delicious-json');
    // `created` as an ISO date, or a link that is not text: not Delicious's.
    expect(await reason(Buffer.from(JSON.stringify([{ ...item, owner: 'minji', created: '2010-01-01T00:00:00Z' }])))).toBe('unsupported');
    expect(await reason(Buffer.from(JSON.stringify([{ ...item, owner: 'minji', url: 42 }])))).toBe('unsupported');
    // Not one link in the list.
    expect(await reason(Buffer.from(JSON.stringify([{ ...item, owner: 'minji', url: '' }])))).toBe('unsupported');
  });

  it('never takes a JSON for Karakeep for its `bookmarks` key alone', async () => {
    expect(await reason(Buffer.from(JSON.stringify({ bookmarks: [{ url: 'https://a.example', name: 'A' }] })))).toBe('unsupported');
    expect(await reason(fixture('readability.json'))).toBe('readability-json');
  });

  it('refuses a file that is two formats at once', async () => {
    const chrome = JSON.parse(fixture('chrome-Bookmarks.json').toString());
    const karakeep = JSON.parse(fixture('karakeep.json').toString());
    expect(await reason(Buffer.from(JSON.stringify({ ...chrome, ...karakeep })))).toBe('ambiguous chrome-json+karakeep-json');
    // One list whose items carry Pinboard's and Delicious's keys both.
    const both = [{ href: 'https://a.example', description: 'A', time: '2020-01-01T00:00:00Z', hash: 'x', u: 'https://a.example', d: 'A', dt: '2020-01-01T00:00:00Z' }];
    expect(await reason(Buffer.from(JSON.stringify(both)))).toBe('ambiguous pinboard-json+delicious-json');
    expect(await reason(Buffer.from('title,url,time_added,tags,status,folder,created,excerpt\nA,https://a.example,1,,unread,,2020-01-01,\n'))).toBe(
      'ambiguous pocket-csv+raindrop-csv',
    );
    const sauce = Buffer.from(JSON.stringify({ format: 'sauce-export', version: 1, exportedAt: '', account: { nickname: 'a', jobType: '' }, tags: [], workspaces: [] }));
    expect(await reason(zipFiles({ 'sauce-export.json': sauce, 'metadata_0_to_1.json': fixture('omnivore.json') }))).toBe('ambiguous sauce-export+omnivore-zip');
  });
});
