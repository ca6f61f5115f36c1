import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, uploadImage, type TestUser } from '../../test/factories.ts';

/**
 * Issue #21 item 3: search reads everything a source holds — title, note, link and its title
 * and description, AI summary, image comments — in Korean inside longer words and in English
 * by word forms, ranked with a title match first, with the words to mark and a snippet.
 */
let t: TestApp;
let alice: TestUser;
let ids: Record<string, number> = {};

const save = async (u: TestUser, title: string, text = '', link: string | null = null) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${u.workspaceId}`,
    headers: u.headers,
    payload: { type: 'TEXT', title, textSauce: { text, link } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.id as number;
};
const search = async (u: TestUser, q: string) => {
  const res = await t.app.inject({ url: `/api/archive/sauce/${u.workspaceId}/list?search=${encodeURIComponent(q)}`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { results: { id: number; title: string; snippet?: string }[]; count: number; highlight: string[]; nextCursor: string | null };
};
const titles = async (q: string) => (await search(alice, q)).results.map((r) => r.title).sort();

beforeAll(async () => {
  t = await buildTestApp({ PLAN_SOURCES_PER_SPACE: 'unlimited' });
  alice = await buildUser(t);
  ids = {
    seo: await save(alice, '검색엔진최적화 가이드', '메타 태그와 사이트맵'),
    particle: await save(alice, '이미지 최적화의 기본', 'WebP와 AVIF'),
    scattered: await save(alice, '최고의 적화 사례', '최적 아닌 글'),
    dev: await save(alice, '개발자 회고', '팀의 배포 과정'),
    landing: await save(alice, 'Landing pages', 'Notes on designing hero sections for SaaS'),
    design: await save(alice, 'Design systems at scale', 'Tokens, components and documentation'),
    type: await save(alice, 'Kerning pairs', 'Optical spacing', 'https://example.com/kerning'),
    punct: await save(alice, 'C++ & C# notes', '100% done!!!'),
  };
  // Filler, so a word's entries are a few among many.
  for (let i = 0; i < 40; i++) await save(alice, `Reference ${i}`, 'Colour and grid studies');
});

describe('search (issue #21)', () => {
  it('finds Korean words inside longer words, and not their syllables scattered', async () => {
    expect(await titles('최적화')).toEqual(['검색엔진최적화 가이드', '이미지 최적화의 기본']);
    expect(await titles('개발')).toEqual(['개발자 회고']);
    expect(await titles('배포')).toEqual(['개발자 회고']);
    expect(await titles('없는말')).toEqual([]);
  });

  it('finds English word forms and prefixes; every word must match', async () => {
    expect(await titles('design')).toEqual(['Design systems at scale', 'Landing pages']);
    expect(await titles('designs')).toEqual(['Design systems at scale', 'Landing pages']);
    expect(await titles('land')).toEqual(['Landing pages']);
    expect(await titles('design hero')).toEqual(['Landing pages']);
    expect(await titles('typography')).toEqual([]);
    expect(await titles('design 최적화')).toEqual([]);
  });

  it('ranks a title match first and says which words to mark', async () => {
    const r = await search(alice, 'design');
    expect(r.results[0]!.title).toBe('Design systems at scale');
    expect(r.highlight).toEqual(['design']);
    expect((await search(alice, '최적화')).highlight).toEqual(['최적화']);
    expect(r.nextCursor).toBeNull();
  });

  it('reads link titles and descriptions, AI summaries and image comments as they change', async () => {
    await t.db.execute(sql`UPDATE sauces SET link_description = 'A guide to optical kerning', summary = '요약: 타이포그래피 간격' WHERE id = ${ids.type}`);
    expect(await titles('optical')).toEqual(['Kerning pairs']);
    expect(await titles('타이포')).toEqual(['Kerning pairs']);
    expect(await titles('example')).toEqual(['Kerning pairs']); // the link itself

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } }).png().toBuffer();
    const image = await uploadImage(t, alice, png);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'IMAGE', title: 'Poster', imageSauce: [{ id: image.id, comments: [{ id: 'c1', message: 'Look at the ligatures here', x: 0.5, y: 0.5 }] }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const poster = body(created).data;
    const found = await search(alice, 'ligature');
    expect(found.results.map((r) => r.title)).toEqual(['Poster']);
    expect(found.results[0]!.snippet).toContain('ligatures');
    // A stem ending in i ('typographi') still finds its word for the snippet.
    const shot = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'IMAGE', title: 'Specimen', imageSauce: [{ id: (await uploadImage(t, alice, png)).id, comments: [{ id: 'c1', message: 'Fine typography in the footer', x: 0.5, y: 0.5 }] }] },
    });
    expect(shot.statusCode, shot.body).toBe(200);
    const typo = await search(alice, 'typography');
    expect(typo.results.find((r) => r.title === 'Specimen')?.snippet).toContain('typography in the footer');
    await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${body(shot).data.id}`, headers: alice.headers });

    // The comment edited away: no longer found by it.
    const commentId = poster.imageSauce[0].comments[0].id;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/archive/sauce/${alice.workspaceId}/${poster.id}`,
      headers: alice.headers,
      payload: { imageSauce: [{ id: image.id, comments: [{ id: commentId, message: 'Nice colours', x: 0.5, y: 0.5 }] }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titles('ligature')).toEqual([]);
    expect(await titles('colours')).toContain('Poster');
  });

  it('takes punctuation, query syntax and SQL as text: 200, never 500', async () => {
    expect(await titles('!!!')).toEqual(['C++ & C# notes']);
    expect(await titles('100%')).toEqual(['C++ & C# notes']);
    for (const q of ["a & b | !c:* <-> d", "'; DROP TABLE sauces; --", ':*', '\\', '(((', '_%_']) {
      const r = await search(alice, q);
      expect(Array.isArray(r.results)).toBe(true);
    }
    expect((await search(alice, 'the')).count).toBeGreaterThanOrEqual(0);
    const long = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?search=${'가'.repeat(200)}`, headers: alice.headers });
    expect(long.statusCode).toBe(200);
    const tooLong = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?search=${'a'.repeat(201)}`, headers: alice.headers });
    expect(tooLong.statusCode).toBe(400);
  });

  it('searches only the space asked, and a stranger gets 404', async () => {
    const bob = await buildUser(t);
    await save(bob, 'Design tokens of Bob');
    expect(await titles('design')).toEqual(['Design systems at scale', 'Landing pages']);
    const stranger = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?search=design`, headers: bob.headers });
    expect(stranger.statusCode).toBe(404);
  });

  it('keeps every source searchable: one entry a source, gone with it', async () => {
    const { rows } = await t.db.execute<{ missing: number }>(
      sql`SELECT count(*)::int AS missing FROM sauces s WHERE NOT EXISTS (SELECT 1 FROM sauce_search x WHERE x.sauce_id = s.id)`,
    );
    expect(rows[0]!.missing).toBe(0);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${ids.dev}`, headers: alice.headers });
    expect(del.statusCode).toBe(200);
    expect(await titles('개발')).toEqual([]);
  });
});
