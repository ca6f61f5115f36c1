import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

/**
 * The plan is the operator's (issues #22, #24): PLAN_* set the limits every write checks and
 * the status and app config calls report; 'unlimited' lifts one.
 */
let t: TestApp;
let owner: TestUser;

const save = (u: TestUser, ws: number, i: number) =>
  t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: u.headers, payload: { type: 'TEXT', title: `s${i}`, textSauce: { text: 'x' } } });
const folder = (u: TestUser, ws: number, name: string) =>
  t.app.inject({ method: 'POST', url: `/api/archive/folder/${ws}`, headers: u.headers, payload: { name } });

beforeAll(async () => {
  t = await buildTestApp({ PLAN_SOURCES_PER_SPACE: '3', PLAN_FOLDERS_PER_SPACE: 'unlimited', PLAN_MEMBERS_PER_SPACE: '2' });
  owner = await buildUser(t);
});

describe('the installation’s plan', () => {
  it('refuses the source past the plan’s limit, even when saves race for the last place', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => save(owner, owner.workspaceId, i)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, body(r).error.code])).toEqual(Array(5).fill([422, 'LIMIT_REACHED']));
  });

  it('lifts a limit set to unlimited: more folders than the beta plan’s five', async () => {
    for (let i = 0; i < 7; i++) expect((await folder(owner, owner.workspaceId, `f${i}`)).statusCode).toBe(200);
  });

  it('reports the limits in the space’s status and the app’s config (null: unlimited)', async () => {
    const status = body(await t.app.inject({ url: `/api/workspace/${owner.workspaceId}/status`, headers: owner.headers })).data;
    expect(status.limits).toEqual({ sauces: 3, folders: null, members: 2 });
    const config = body(await t.app.inject({ url: '/api/app/config' })).data;
    expect(config.plan).toEqual({ sources: 3, folders: null, members: 2, spaces: 2 });
  });

  it('counts members against the plan when an invitation is accepted', async () => {
    const ws = await buildWorkspace(t, owner);
    await buildMember(t, ws, 'EDITOR');
    const link = body(
      await t.app.inject({ method: 'POST', url: '/api/workspace/invite/create', headers: owner.headers, payload: { workspace: { id: ws }, permission: 'READER' } }),
    ).data;
    const third = await buildUser(t);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/workspace/invitation/${link.id}`, headers: third.headers });
    expect([accepted.statusCode, body(accepted).error.code]).toEqual([422, 'LIMIT_REACHED']);
  });

  it('stops the start on a limit that is not a positive number or unlimited', () => {
    expect(() => loadConfig({ PLAN_SOURCES_PER_SPACE: '0' })).toThrow(/PLAN_SOURCES_PER_SPACE/);
    expect(() => loadConfig({ PLAN_MEMBERS_PER_SPACE: 'lots' })).toThrow(/PLAN_MEMBERS_PER_SPACE/);
    expect(loadConfig({ PLAN_SPACES_PER_PERSON: 'unlimited' }).plan.spaces).toBeNull();
  });
});
