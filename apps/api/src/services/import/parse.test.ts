import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openZip, ZipFormatError } from '../../lib/zip.ts';
import { deflatedZeros, zipOf } from '../../test/zip.ts';
import { checkLink, cleanTags, MAX_LIST_DEPTH, parseImport } from './parse.ts';

const html = (body: string) => Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${body}\n</DL><p>\n`);

describe('import parsing (issue #8)', () => {
  it('reads Netscape notes, dates in seconds or milliseconds, and clips titles to 100 characters', async () => {
    const { entries } = await parseImport(
      html(
        `<DT><A HREF="https://a.example/" ADD_DATE="1700000000">${'T'.repeat(130)}</A>\n<DD>The note\n` +
          `<DT><A HREF="https://b.example/" ADD_DATE="1700000000000" TAGS="One,two,three,four,five,six">B</A>`,
      ),
    );
    expect(entries[0]).toMatchObject({ link: 'https://a.example/', text: 'The note', createdAt: '2023-11-14T22:13:20.000Z' });
    expect(entries[0]!.title).toHaveLength(100);
    expect(entries[1]).toMatchObject({ createdAt: '2023-11-14T22:13:20.000Z', tags: ['one', 'two', 'three', 'four', 'five'] });
  });

  it('reads links linearly: notes only from the <DD> right after a link, folders side by side or nested, unclosed tags passed over', async () => {
    const folders = Array.from({ length: 2000 }, (_, i) => `<DT><H3>F${i}</H3>\n<DL><p>\n<DT><A HREF="https://f.example/${i}">In ${i}</A>\n</DL><p>`).join('\n');
    const { entries } = await parseImport(
      html(
        `<DT><A HREF="https://a.example/">A <b>bold</A>\n<DD>Note of A &amp; more\n` +
          `<DT><A HREF="https://b.example/">B</A>\n<DT><H3>Folder</H3>\n<DD>Folder description\n<DL><p><DT><A HREF="https://c.example/">C</A></DL><p>\n` +
          `<DT><A HREF="https://d.example/">D` + '<i>'.repeat(1000) + `\n${folders}`,
      ),
    );
    expect(entries.slice(0, 4).map((e) => [e.title, e.text])).toEqual([
      ['A bold', 'Note of A & more'],
      ['B', ''],
      ['C', ''],
      ['D', ''],
    ]);
    expect(entries).toHaveLength(2004);
    const nested = (n: number) => Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n' + '<DL><p>'.repeat(n) + '<DT><A HREF="https://x.example/">X</A>' + '</DL><p>'.repeat(n));
    expect((await parseImport(nested(MAX_LIST_DEPTH))).entries).toHaveLength(1);
    await expect(parseImport(nested(MAX_LIST_DEPTH + 1))).rejects.toMatchObject({ code: 'IMPORT_FILE_INVALID', details: { reason: 'tooDeep' } });
  });

  it('keeps only http(s) links and valid tags', () => {
    expect(checkLink('javascript:alert(1)')).toBeNull();
    expect(checkLink('data:text/html,x')).toBeNull();
    expect(checkLink('file:///etc/passwd')).toBeNull();
    expect(checkLink(`https://x.example/${'a'.repeat(2100)}`)).toBeNull();
    expect(checkLink(' https://x.example/a b ')).toBe('https://x.example/a%20b');
    expect(cleanTags(['#UX', 'ux', 'c++', '디자인', 'a b', '']).tags).toEqual(['ux', 'c', '디자인', 'ab']);
  });

  it('drops NUL characters a JSON file may spell out', async () => {
    const { entries } = await parseImport(
      Buffer.from(JSON.stringify({ bookmarks: [{ createdAt: 1_700_000_000, title: 'a\u0000b', tags: [], content: { type: 'text', text: 'x\u0000y' }, note: null }] })),
    );
    expect(entries[0]).toMatchObject({ title: 'ab', text: 'xy' });
  });
});

const limits = { maxEntries: 10, maxTotalBytes: 1_000_000 };

describe('zip reader', () => {
  it('reads a deflated entry', async () => {
    const zip = await openZip(zipOf('a.txt', Buffer.from('hello')), { maxEntries: 10, maxTotalBytes: 100 });
    expect((await zip.read(zip.entries.get('a.txt')!)).toString()).toBe('hello');
  });

  it('refuses a bomb: declared sizes over the limit, or data that inflates past its declared size', async () => {
    const big = Buffer.alloc(10_000_000);
    await expect(openZip(zipOf('big', big), limits)).rejects.toThrow(ZipFormatError);
    const lying = await openZip(zipOf('lie', big, { declared: 100 }), limits);
    await expect(lying.read(lying.entries.get('lie')!)).rejects.toThrow(ZipFormatError);
  });

  it('stops inflating a lying entry at once: 4 GiB of zeros declared as 100 bytes', async () => {
    const bomb = await openZip(zipOf('bomb', Buffer.alloc(0), { declared: 100, body: deflatedZeros(4096) }), limits);
    const started = process.memoryUsage().rss;
    await expect(bomb.read(bomb.entries.get('bomb')!)).rejects.toMatchObject({ reason: 'damaged' });
    // Inflating it whole would take 4 GiB (and seconds); it stopped after its first chunk.
    expect(process.memoryUsage().rss - started).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an entry that inflates to fewer bytes than it declares', async () => {
    const short = await openZip(zipOf('short', Buffer.from('hello'), { declared: 6 }), limits);
    await expect(short.read(short.entries.get('short')!)).rejects.toMatchObject({ reason: 'damaged' });
  });

  it('refuses more entries than allowed before reading them', async () => {
    await expect(openZip(zipOf('a.txt', Buffer.from('hello')), { maxEntries: 0, maxTotalBytes: 100 })).rejects.toMatchObject({ reason: 'tooLarge' });
  });

  it('refuses a cut-off archive', async () => {
    const zip = zipOf('a.txt', Buffer.from('hello'));
    await expect(openZip(zip.subarray(0, zip.length - 10), { maxEntries: 10, maxTotalBytes: 100 })).rejects.toThrow(ZipFormatError);
  });

  it('refuses an archive whose entry data is cut short (its directory intact)', async () => {
    const data = Buffer.from('hello, world, hello, world');
    const zip = zipOf('a.txt', data, { body: deflateRawSync(data).subarray(0, 5) });
    const opened = await openZip(zip, limits);
    await expect(opened.read(opened.entries.get('a.txt')!)).rejects.toMatchObject({ reason: 'damaged' });
    // And one whose directory points past the end of the file.
    const lying = Buffer.from(zip);
    lying.writeUInt32LE(1000, lying.length - 22 - 46 - 5 + 20); // the entry's compressed size
    const opened2 = await openZip(lying, limits);
    await expect(opened2.read(opened2.entries.get('a.txt')!)).rejects.toMatchObject({ reason: 'damaged' });
  });

  it('refuses encrypted entries and other compression methods as unsupported', async () => {
    await expect(openZip(zipOf('secret.txt', Buffer.from('hello'), { flags: 0x1 }), limits)).rejects.toMatchObject({ reason: 'unsupported' });
    const bzip2 = zipOf('a.txt', Buffer.from('hello'));
    bzip2.writeUInt16LE(12, bzip2.length - 22 - 46 - 5 + 10); // the central directory's method
    await expect(openZip(bzip2, limits)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('refuses entries named as paths out of a folder (zip slip)', async () => {
    for (const name of ['../x', 'images/../../x', '/etc/passwd', 'C:/x']) {
      await expect(openZip(zipOf(name, Buffer.from('hello')), limits), name).rejects.toMatchObject({ reason: 'damaged' });
    }
  });

  it('answers IMPORT_FILE_INVALID for a Sauce export that is encrypted, a bomb, or too large', async () => {
    const doc = Buffer.from(JSON.stringify({ format: 'sauce-export', version: 1, workspaces: [], tags: [] }));
    const reason = (data: Buffer) => parseImport(data).then(
      () => 'imported',
      (e: { code?: string; details?: { reason?: string } }) => `${e.code} ${e.details?.reason}`,
    );
    expect(await reason(zipOf('sauce-export.json', doc, { flags: 0x1 }))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await reason(zipOf('sauce-export.json', Buffer.alloc(0), { declared: 100, body: deflatedZeros(64) }))).toBe('IMPORT_FILE_INVALID damaged');
    expect(await reason(zipOf('sauce-export.json', doc, { declared: 300_000_000 }))).toBe('IMPORT_FILE_INVALID tooLarge');
    expect(await reason(zipOf('../sauce-export.json', doc))).toBe('IMPORT_FILE_INVALID damaged');
  });
});
