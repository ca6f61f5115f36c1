import { randomBytes } from 'node:crypto';
import type { Permission } from '@sauce/contract/common';
import { signAccessToken } from '../auth/tokens.ts';
import { workspaceMembers, workspaces } from '../db/schema.ts';
import { createUser } from '../services/users.ts';
import { body, type TestApp } from './build-app.ts';
import { multipart } from './upload.ts';

export interface TestUser {
  userId: number;
  /** The user's personal workspace id. */
  workspaceId: number;
  accessToken: string;
  /** Headers that authenticate as this user (bearer: no anti-forgery header needed). */
  headers: { authorization: string };
}

/** A new user with a personal workspace, signed in by bearer token. */
export async function buildUser(t: TestApp, nickname = `u${randomBytes(3).toString('hex')}`): Promise<TestUser> {
  const email = `${nickname}-${randomBytes(3).toString('hex')}@example.com`;
  const { user, workspaceId } = await createUser(t.db, { kind: 'dev', subject: email }, {
    email,
    nickname,
    agreeMarketing: false,
  });
  const accessToken = await signAccessToken(t.secret, user.id);
  return { userId: user.id, workspaceId, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** A team workspace owned by `owner`. */
export async function buildWorkspace(t: TestApp, owner: TestUser, name = 'Team'): Promise<number> {
  const [ws] = await t.db.insert(workspaces).values({ name, createdBy: owner.userId }).returning({ id: workspaces.id });
  await t.db.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: owner.userId, permission: 'OWNER' });
  return ws!.id;
}

/** A new user who is a member of `workspaceId` with `permission`. */
export async function buildMember(t: TestApp, workspaceId: number, permission: Permission): Promise<TestUser> {
  const user = await buildUser(t);
  await t.db.insert(workspaceMembers).values({ workspaceId, userId: user.userId, permission });
  return user;
}

/**
 * Uploads `image` (encoded image bytes) into the user's personal workspace through
 * `POST /api/archive/sauce/{ws}/image/upload/single`, expecting 200.
 * @returns the upload's `data` (`id`, `url`, `thumbnailUrl`, …).
 */
export async function uploadImage(t: TestApp, user: TestUser, image: Buffer): Promise<{ id: number; url: string; thumbnailUrl: string }> {
  const form = multipart(image);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${user.workspaceId}/image/upload/single`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return body(res).data;
}
