import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

/**
 * Issue #31 item 1: a link to a source (`/archive/text?sauceId=…`) names no space, and opened
 * only in the space the person had selected. GET /api/archive/locate/{id} says which space a
 * source is in, to a member of it — any role — and nothing to anyone else.
 */
describe('GET /archive/locate/{id} (issue #31 item 1)', () => {
  let t: TestApp;
  let owner: TestUser;
  let team: number;
  let teamSauce: number;
  let personalSauce: number;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t);
    team = await buildWorkspace(t, owner, 'Design team');
    const save = async (ws: number) =>
      body(await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: owner.headers, payload: { type: 'TEXT', title: 'Grid notes', textSauce: { text: 'x', link: null } } })).data.id as number;
    teamSauce = await save(team);
    personalSauce = await save(owner.workspaceId);
  });
  const locate = (u: TestUser | null, id: number | string) => t.app.inject({ url: `/api/archive/locate/${id}`, headers: u?.headers ?? {} });

  it('names the source’s space to its members, whichever space they have selected and whatever their role', async () => {
    const viewer = await buildMember(t, team, 'READER');
    for (const who of [owner, viewer]) {
      const res = await locate(who, teamSauce);
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({ workspaceId: team });
    }
    expect(body(await locate(owner, personalSauce)).data).toEqual({ workspaceId: owner.workspaceId });
  });

  it('is a 404 for a stranger, another person’s personal source, a missing source; 401 signed out; 400 for a bad id', async () => {
    const stranger = await buildUser(t);
    for (const [who, id] of [
      [stranger, teamSauce],
      [stranger, personalSauce],
      [owner, 999_999_999],
    ] as const) {
      const res = await locate(who, id);
      expect(res.statusCode).toBe(404);
      expect(body(res).error.code).toBe('SAUCE_NOT_FOUND');
    }
    expect((await locate(null, teamSauce)).statusCode).toBe(401);
    expect((await locate(owner, 'abc')).statusCode).toBe(400);
  });

  it('forgets a member who left: 404 once removed', async () => {
    const editor = await buildMember(t, team, 'EDITOR');
    expect((await locate(editor, teamSauce)).statusCode).toBe(200);
    const left = await t.app.inject({ method: 'DELETE', url: `/api/workspace/${team}/leave`, headers: editor.headers });
    expect(left.statusCode).toBe(200);
    expect((await locate(editor, teamSauce)).statusCode).toBe(404);
  });
});
