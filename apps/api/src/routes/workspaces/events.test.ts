import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { EVENT_STREAMS_PER_USER } from './index.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let otherPool: pg.Pool;
let base: string;
let otherBase: string;
let owner: TestUser;
let team: number;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A second API process on the same database: its own pool and its own LISTEN connection.
  otherPool = new pg.Pool({ connectionString: t.url, max: 4 });
  other = await buildApp({ config: t.config, db: createDb(otherPool), secret: t.secret, logger: false });
  otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
  owner = await buildUser(t, 'owner');
  team = await buildWorkspace(t, owner, 'Live');
});
afterAll(async () => {
  await other?.close();
  await otherPool?.end();
});

/** Opens the events of `workspaceId` (the team space by default) on `origin` as `u`. */
const openStream = (origin: string, u: TestUser | null, workspaceId = team) => openEventStream(origin, u, workspaceId);

const post = (u: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: u.headers, payload });

describe('live team view (Server-Sent Events)', () => {
  it('tells other members about sources and folders within 2 s, through any API process', async () => {
    const ed = await buildMember(t, team, 'EDITOR');
    const reader = await buildMember(t, team, 'READER');
    const here = await openStream(base, ed);
    const there = await openStream(otherBase, reader);
    expect([here.status, there.status]).toEqual([200, 200]);

    const created = body(await post(owner, `/archive/sauce/${team}`, { type: 'TEXT', title: 'Live', textSauce: { text: 'x' } })).data;
    for (const s of [here, there]) {
      expect(await s.next((e) => e.type === 'sauce')).toEqual({ type: 'sauce', action: 'created', id: created.id, actorId: owner.userId });
    }
    await post(owner, `/archive/folder/${team}`, { name: 'Refs' });
    await there.next((e) => e.type === 'folders');
    // A write in the second process reaches a stream of the first.
    await other.inject({ method: 'DELETE', url: `/api/archive/sauce/${team}/${created.id}`, headers: ed.headers });
    for (const s of [here, there]) {
      expect(await s.next((e) => e.type === 'sauce' && e.action === 'deleted')).toMatchObject({ id: created.id, actorId: ed.userId });
    }
    // A refused write tells no one.
    const count = there.events.length;
    expect((await post(reader, `/archive/folder/${team}`, { name: 'No' })).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(there.events).toHaveLength(count);
    here.close();
    there.close();
  });

  it('closes a removed member’s stream, and only theirs', async () => {
    const [gone, stays] = [await buildMember(t, team, 'EDITOR'), await buildMember(t, team, 'EDITOR')];
    const goneStream = await openStream(base, gone);
    const staysStream = await openStream(otherBase, stays);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/workspace/${team}/user/${gone.userId}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(await goneStream.next((e) => e.type === 'members')).toEqual({ type: 'members', actorId: owner.userId, removedUserId: gone.userId });
    await goneStream.ended();
    await staysStream.next((e) => e.type === 'members');
    await new Promise((r) => setTimeout(r, 100));
    // Still open: a later change reaches it.
    await post(owner, `/archive/sauce/${team}`, { type: 'TEXT', textSauce: { text: 'after' } });
    await staysStream.next((e) => e.type === 'sauce');
    staysStream.close();
    // Reconnecting is refused now.
    expect((await openStream(base, gone)).status).toBe(404);
  });

  it('is for members only, signed in, and a bounded number per person', async () => {
    expect((await openStream(base, null)).status).toBe(401);
    expect((await openStream(base, await buildUser(t))).status).toBe(404);
    const many = await buildMember(t, team, 'READER');
    const streams = await Promise.all(Array.from({ length: EVENT_STREAMS_PER_USER }, () => openStream(base, many)));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expect((await openStream(base, many)).status).toBe(429);
    for (const s of streams) s.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await openStream(base, many);
    expect(again.status).toBe(200);
    again.close();
  });

  it('ends every stream when the space is deleted', async () => {
    const solo = await buildUser(t, 'solo');
    const ws = await buildWorkspace(t, solo, 'Solo');
    const s = await openStream(base, solo, ws);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workspace/${ws}`, headers: solo.headers })).statusCode).toBe(200);
    expect(await s.next((e) => e.type === 'workspace')).toEqual({ type: 'workspace', action: 'deleted', actorId: solo.userId });
    await s.ended();
  });
});
