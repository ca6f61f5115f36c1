// Issue #22 "Bad input": encodings, truncated files of every format, hostile archives,
// nesting and counts past the limits — each refused whole (or read right), never half-read.
import { readdirSync, readFileSync } from 'node:fs';
import { LIMITS } from '@sauce/contract/limits';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, zipFiles, zipOf } from '../../test/zip.ts';
import { parseImport } from './parse.ts';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
/** The outcome of reading `data`: its format, or the refusal's code and reason. */
const outcome = (data: Buffer) =>
  parseImport(data).then(
    (p) => p.format,
    (e: { code?: string; details?: { reason?: string } }) => `${e.code} ${e.details?.reason ?? ''}`.trim(),
  );
const netscape = (title: string) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1700000000">${title}</A>\n</DL><p>\n`;

describe('encodings', () => {
  it('reads UTF-16 with its byte order mark, little and big endian', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(netscape('디자인 시스템'), 'utf16le')]);
    expect((await parseImport(le)).entries[0]!.title).toBe('디자인 시스템');
    const be = Buffer.from(le.subarray(2)).swap16();
    expect((await parseImport(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).entries[0]!.title).toBe('디자인 시스템');
    // A UTF-8 byte order mark is passed over.
    expect((await parseImport(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(netscape('BOM'))]))).entries[0]!.title).toBe('BOM');
  });

  it('reads a page in the charset it declares (an old Korean export in EUC-KR)', async () => {
    const head = Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=euc-kr">\n<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1700000000">');
    const title = Buffer.from([0xb5, 0xf0, 0xc0, 0xda, 0xc0, 0xce]); // 디자인
    const data = Buffer.concat([head, title, Buffer.from('</A>\n</DL><p>\n')]);
    expect((await parseImport(data)).entries[0]!.title).toBe('디자인');
  });

  it('refuses text that is not UTF-8 and declares nothing, and UTF-16 without its mark', async () => {
    const latin1 = Buffer.concat([Buffer.from(netscape('caf')).subarray(0, 80), Buffer.from([0xe9]), Buffer.from(netscape('x')).subarray(80)]);
    expect(await outcome(latin1)).toBe('IMPORT_FILE_INVALID encoding');
    expect(await outcome(Buffer.from(netscape('no mark'), 'utf16le'))).toBe('IMPORT_FILE_INVALID encoding');
    // Binary data is no text at all.
    expect(await outcome(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]))).toBe('IMPORT_FILE_INVALID unsupported');
  });
});

describe('truncated files of every format', () => {
  const names = readdirSync(FIXTURES).filter((n) => !n.endsWith('.zip'));
  it.each(names)('%s cut short is refused whole', async (name) => {
    const data = fixture(name);
    expect(await outcome(data)).not.toMatch(/^IMPORT_FILE_INVALID/);
    const cut = await outcome(data.subarray(0, Math.floor(data.length * 0.6)));
    expect(cut).toMatch(/^IMPORT_FILE_INVALID (damaged|unsupported)$/);
  });

  it('an Omnivore ZIP cut short is refused', async () => {
    const zip = zipFiles({ 'metadata_0_to_2.json': fixture('omnivore.json') });
    expect(await outcome(zip)).toBe('omnivore-zip');
    expect(await outcome(zip.subarray(0, zip.length - 30))).toBe('IMPORT_FILE_INVALID damaged');
  });
});

describe("Shaarli's early export, with no list to close (issue #31)", () => {
  const legacy = fixture('shaarli-legacy.html').toString();

  it('is read whole only when it ends at the end of a line, outside any tag or link', async () => {
    expect(await outcome(Buffer.from(legacy))).toBe('bookmarks-html');
    const cutAt = (s: string) => Buffer.from(legacy.slice(0, legacy.indexOf(s) + s.length));
    // Inside a note's line, inside a tag, inside a link's title: cut short.
    expect(await outcome(cutAt('<DD>The personal, minimal'))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await outcome(cutAt('<DT><A HREF="https://www.daum'))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await outcome(cutAt('TAGS="포털,뉴스">다음 —'))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await outcome(cutAt('TAGS="포털,뉴스">다음 — Daum</A>'))).toBe('IMPORT_FILE_INVALID damaged');
    // Even at a line's end: inside a link's title, inside a tag.
    expect(await outcome(Buffer.from(`${legacy}<DT><A HREF="https://x.example/" ADD_DATE="1370899000">Cut\n`))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await outcome(Buffer.from(`${legacy}<DT><A HREF="https://x.example/"\n`))).toBe('IMPORT_FILE_INVALID damaged');
    // Its first versions' closing comment after the last item.
    expect(await outcome(Buffer.from(`${legacy}<!-- Shaarli all bookmarks export on 2013/06/11 08:00:00-->\n`))).toBe('bookmarks-html');
  });

  it('is no way around the checks for any other file', async () => {
    // The same file without Shaarli's marks: nothing tells it is whole.
    expect(await outcome(Buffer.from(legacy.replace('<!-- Shaarli all bookmarks export on 2013/06/11 08:00:00 -->\n', '')))).toBe('IMPORT_FILE_INVALID damaged');
    // Shaarli's, with a list opened and never closed.
    expect(await outcome(Buffer.from(legacy.replace('<H1>Bookmarks</H1>\n', '<H1>Bookmarks</H1>\n<DL><p>\n')))).toBe('IMPORT_FILE_INVALID damaged');
    // Shaarli's current export cut between two items still fails its missing </DL>.
    const current = fixture('shaarli-export.html').toString();
    expect(await outcome(Buffer.from(current.slice(0, current.indexOf('<DT><A HREF="/shaare/'))))).toBe('IMPORT_FILE_INVALID damaged');
    // A relative link is a note only in Shaarli's file, and only as its permalink.
    const other = netscape('Relative').toString().replace('https://a.example/', '/shaare/Zx9Qmw');
    expect((await parseImport(Buffer.from(other))).entries[0]).toMatchObject({ skip: 'invalidLink', rawLink: '/shaare/Zx9Qmw' });
    const notPermalink = legacy.replace('HREF="?WxYz-_"', 'HREF="/admin/settings"');
    expect((await parseImport(Buffer.from(notPermalink))).entries[2]).toMatchObject({ skip: 'invalidLink', rawLink: '/admin/settings' });
  });
});

describe("Delicious's export with broken items (issue #31)", () => {
  const item = (i: number, extra: object = {}) => ({ title: `D${i}`, tags: 'a,b', url: `https://d.example/${i}`, description: '', created: '1262304000', others: 0, owner: 'minji', ...extra });

  it('lists an item without a link as not imported, with its reason, and imports the rest', async () => {
    const { url: _gone, ...noUrl } = item(1);
    const list = [item(0), noUrl, item(2, { url: '' }), item(3, { url: 'ftp://d.example/3' }), item(4)];
    const { format, entries } = await parseImport(Buffer.from(JSON.stringify(list)));
    expect(format).toBe('delicious-json');
    expect(entries.map((e) => [e.title, e.link, e.skip ?? null])).toEqual([
      ['D0', 'https://d.example/0', null],
      ['D1', null, 'invalidLink'],
      ['D2', null, 'invalidLink'],
      ['D3', null, 'invalidLink'],
      ['D4', 'https://d.example/4', null],
    ]);
    expect(entries[3]!.rawLink).toBe('ftp://d.example/3');
    // Each its own entry (its own key), so the report lists each.
    expect(new Set(entries.map((e) => e.key)).size).toBe(5);
  });

  it('takes items past the first 50 as they come: a null is empty, a bad date dropped, never a crash', async () => {
    const list: unknown[] = Array.from({ length: 50 }, (_, i) => item(i));
    list.push(null, item(51, { created: { not: 'a date' }, tags: 7 }), 'text');
    const { entries } = await parseImport(Buffer.from(JSON.stringify(list)));
    expect(entries).toHaveLength(53);
    expect(entries[50]!.skip).toBe('empty');
    expect(entries[51]).toMatchObject({ link: 'https://d.example/51', tags: [], createdAt: null, changes: [{ code: 'dateDropped', value: '[object Object]' }] });
    expect(entries[52]!.skip).toBe('empty');
  });

  it('a list of some other reader whose later item it cannot read is refused as damaged (400), not the reader’s crash', async () => {
    const pinboard: unknown[] = Array.from({ length: 50 }, (_, i) => ({ href: `https://p.example/${i}`, description: `P${i}`, extended: '', time: '2020-01-01T00:00:00Z', tags: '', hash: 'h' }));
    pinboard.push(null);
    expect(await outcome(Buffer.from(JSON.stringify(pinboard)))).toBe('IMPORT_FILE_INVALID damaged');
  });
});

describe('hostile archives and documents', () => {
  it('refuses a ZIP bomb and path traversal in an Omnivore export as in Sauce’s', async () => {
    expect(await outcome(zipOf('metadata_0_to_1.json', Buffer.alloc(0), { declared: 100, body: deflatedZeros(4096) }))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await outcome(zipOf('metadata_0_to_1.json', Buffer.from('[]'), { declared: 300_000_000 }))).toBe('IMPORT_FILE_INVALID tooLarge');
    expect(await outcome(zipOf('../metadata_0_to_1.json', fixture('omnivore.json')))).toBe('IMPORT_FILE_INVALID damaged');
    // Highlights past what is read of the archive's text.
    expect(await outcome(zipOf('metadata_0_to_1.json', Buffer.from('{"not":"a list"}')))).toBe('IMPORT_FILE_INVALID damaged');
    // Any other archive is not an export Sauce reads.
    expect(await outcome(zipFiles({ 'notes.txt': Buffer.from('hello') }))).toBe('IMPORT_FILE_INVALID unsupported');
  });

  it('refuses folders nested past 100 in a browser’s JSON', async () => {
    let node: object = { type: 'url', name: 'Deep', url: 'https://deep.example/' };
    for (let i = 0; i < 101; i++) node = { type: 'folder', name: `F${i}`, children: [node] };
    const doc = { checksum: '0', roots: { bookmark_bar: { type: 'folder', name: 'Bar', children: [node] } }, version: 1 };
    expect(await outcome(Buffer.from(JSON.stringify(doc)))).toBe('IMPORT_FILE_INVALID tooDeep');
  });

  it('counts entries before reading them: 10,001 in a list is refused', async () => {
    const list = Array.from({ length: LIMITS.importEntries + 1 }, (_, i) => ({ href: `https://p.example/${i}`, description: `P${i}`, extended: '', time: '2020-01-01T00:00:00Z', tags: '', hash: 'h' }));
    expect(await outcome(Buffer.from(JSON.stringify(list)))).toBe('LIMIT_REACHED');
    const csv = 'title,url,time_added,tags,status\n' + Array.from({ length: LIMITS.importEntries + 1 }, (_, i) => `T${i},https://p.example/${i},1650000000,,unread`).join('\n');
    expect(await outcome(Buffer.from(csv))).toBe('LIMIT_REACHED');
  });

  it('keeps javascript:, data:, file: and place: links out, listed, and NUL characters out of text', async () => {
    const list = ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'place:sort=8', 'https://ok.example/\u0000x'].map((href, i) => ({
      href,
      description: `L${i}\u0000`,
      extended: '',
      time: '2020-01-01T00:00:00Z',
      tags: '',
      hash: 'h',
    }));
    const { entries } = await parseImport(Buffer.from(JSON.stringify(list)));
    expect(entries.map((e) => e.skip ?? e.link)).toEqual(['invalidLink', 'invalidLink', 'invalidLink', 'invalidLink', 'https://ok.example/x']);
    expect(entries.map((e) => e.title)).toEqual(['L0', 'L1', 'L2', 'L3', 'L4']);
  });
});
