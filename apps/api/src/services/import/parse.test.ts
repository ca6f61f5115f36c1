import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipEntries, readZipEntry, ZipFormatError } from '../../lib/zip-reader.ts';
import { checkLink, cleanTags, parseImport } from './parse.ts';

const html = (body: string) => Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${body}\n</DL><p>\n`);

describe('import parsing (issue #8)', () => {
  it('reads Netscape notes, dates in seconds or milliseconds, and clips titles to 100 characters', () => {
    const { entries } = parseImport(
      html(
        `<DT><A HREF="https://a.example/" ADD_DATE="1700000000">${'T'.repeat(130)}</A>\n<DD>The note\n` +
          `<DT><A HREF="https://b.example/" ADD_DATE="1700000000000" TAGS="One,two,three,four,five,six">B</A>`,
      ),
    );
    expect(entries[0]).toMatchObject({ link: 'https://a.example/', text: 'The note', createdAt: '2023-11-14T22:13:20.000Z' });
    expect(entries[0]!.title).toHaveLength(100);
    expect(entries[1]).toMatchObject({ createdAt: '2023-11-14T22:13:20.000Z', tags: ['one', 'two', 'three', 'four', 'five'] });
  });

  it('keeps only http(s) links and valid tags', () => {
    expect(checkLink('javascript:alert(1)')).toBeNull();
    expect(checkLink('data:text/html,x')).toBeNull();
    expect(checkLink('file:///etc/passwd')).toBeNull();
    expect(checkLink(`https://x.example/${'a'.repeat(2100)}`)).toBeNull();
    expect(checkLink(' https://x.example/a b ')).toBe('https://x.example/a%20b');
    expect(cleanTags(['#UX', 'ux', 'c++', '디자인', 'a b', ''])).toEqual(['ux', '디자인', 'ab']);
  });

  it('drops NUL characters a JSON file may spell out', () => {
    const { entries } = parseImport(
      Buffer.from(JSON.stringify({ bookmarks: [{ title: 'a\u0000b', tags: [], content: { type: 'text', text: 'x\u0000y' }, note: null }] })),
    );
    expect(entries[0]).toMatchObject({ title: 'ab', text: 'xy' });
  });
});

/** A one-entry ZIP whose central directory declares `declared` bytes for `data` deflated. */
function zipOf(name: string, data: Buffer, declared = data.length) {
  const body = deflateRawSync(data);
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  const dirOffset = 30 + n.length + body.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, n, body, central, n, end]);
}

describe('zip reader', () => {
  it('reads a deflated entry', () => {
    const zip = zipOf('a.txt', Buffer.from('hello'));
    const entries = readZipEntries(zip, { maxEntries: 10, maxTotalBytes: 100 });
    expect(readZipEntry(zip, entries.get('a.txt')!).toString()).toBe('hello');
  });

  it('refuses a bomb: declared sizes over the limit, or data that inflates past its declared size', () => {
    const big = Buffer.alloc(10_000_000);
    expect(() => readZipEntries(zipOf('big', big), { maxEntries: 10, maxTotalBytes: 1_000_000 })).toThrow(ZipFormatError);
    const lying = zipOf('lie', big, 100);
    const entries = readZipEntries(lying, { maxEntries: 10, maxTotalBytes: 1_000_000 });
    expect(() => readZipEntry(lying, entries.get('lie')!)).toThrow(ZipFormatError);
  });

  it('refuses a cut-off archive', () => {
    const zip = zipOf('a.txt', Buffer.from('hello'));
    expect(() => readZipEntries(zip.subarray(0, zip.length - 10), { maxEntries: 10, maxTotalBytes: 100 })).toThrow(ZipFormatError);
  });
});
