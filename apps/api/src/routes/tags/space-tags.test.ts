import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

/**
 * Issue #31 item 2: the tag filter of a team space offered the person's own tags — a viewer
 * of a tagged space saw 'No tags yet', an owner tags that match nothing there. GET
 * /archive/sauce/{workspace}/tags/list lists the tags of the space's sources, with the person's
 * favorites first.
 */
describe('GET /archive/sauce/{workspace}/tags/list (issue #31 item 2)', () => {
  let t: TestApp;
  let owner: TestUser;
  let team: number;
  const save = async (ws: number, tagSet: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: owner.headers, payload: { type: 'TEXT', title: 'Ref', tagSet, textSauce: { text: 'x', link: null } } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const list = (u: TestUser, ws: number, query = '') => t.app.inject({ url: `/api/archive/sauce/${ws}/tags/list${query}`, headers: u.headers });
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t);
    team = await buildWorkspace(t, owner, 'Design team');
    await save(team, ['landing', 'pricing']);
    await save(team, ['landing', 'onboarding']);
    await save(owner.workspaceId, ['personalonly']);
  });

  it('offers a viewer the space’s tags, each once, though they have none of their own', async () => {
    const viewer = await buildMember(t, team, 'READER');
    const page = body(await list(viewer, team)).data;
    expect(page.results).toEqual([
      { name: 'landing', favorite: false },
      { name: 'onboarding', favorite: false },
      { name: 'pricing', favorite: false },
    ]);
    expect(page.count).toBe(3);
    // Their own list is empty: what the filter offered before.
    expect(body(await t.app.inject({ url: '/api/archive/tag/list', headers: viewer.headers })).data.results).toEqual([]);
  });

  it('offers the owner no personal tag in the team space; their favorites come first; search and favorite filter as the person’s list', async () => {
    await t.app.inject({ method: 'POST', url: '/api/archive/tag/favorite', headers: owner.headers, payload: { name: 'pricing' } });
    const names = (body(await list(owner, team)).data.results as { name: string; favorite: boolean }[]).map((r) => `${r.name}${r.favorite ? '★' : ''}`);
    expect(names).toEqual(['pricing★', 'landing', 'onboarding']);
    expect(body(await list(owner, team, '?search=ONB')).data.results).toEqual([{ name: 'onboarding', favorite: false }]);
    expect(body(await list(owner, team, '?favorite=true')).data.results).toEqual([{ name: 'pricing', favorite: true }]);
    const pageTwo = body(await list(owner, team, '?pageSize=2&page=2')).data;
    expect(pageTwo).toMatchObject({ count: 3, next: null, previous: 1 });
    expect(body(await list(owner, owner.workspaceId)).data.results).toEqual([{ name: 'personalonly', favorite: false }]);
  });

  it('is a 404 for a stranger', async () => {
    const stranger = await buildUser(t);
    expect((await list(stranger, team)).statusCode).toBe(404);
  });
});
