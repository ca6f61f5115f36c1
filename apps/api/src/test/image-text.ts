import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { body, type TestApp } from './build-app.ts';
import { uploadImage, type TestUser } from './factories.ts';

/** Issue #33: the 20 screenshots of web pages made for the tests (scripts/make-image-text-fixtures.ts). */
export const SCREENSHOTS_DIR = path.join(import.meta.dirname, 'fixtures/screenshots');

/** One page of {@link SCREENSHOTS_DIR}/pages.json: its file is `<name>.png` (1440×900). */
export interface ScreenshotPage {
  name: string;
  lang: 'en' | 'ko';
  headline: string;
  sub: string;
  body: string[];
}

/** The 20 pages, 10 with an English headline and 10 with a Korean one. */
export const screenshotPages = (): ScreenshotPage[] =>
  (JSON.parse(readFileSync(path.join(SCREENSHOTS_DIR, 'pages.json'), 'utf8')) as { pages: ScreenshotPage[] }).pages;

/** The PNG of page `name`. */
export const screenshot = (name: string): Buffer => readFileSync(path.join(SCREENSHOTS_DIR, `${name}.png`));

/** Saves an image source titled `title` holding `images` (uploaded first) into `user`'s space. @returns its id and its images' ids. */
export async function saveImageSauce(t: TestApp, user: TestUser, title: string, images: Buffer[], workspaceId = user.workspaceId) {
  const ids: number[] = [];
  for (const image of images) ids.push((await uploadImage(t, { ...user, workspaceId }, image)).id);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${workspaceId}`,
    headers: user.headers,
    payload: { type: 'IMAGE', title, imageSauce: ids.map((id) => ({ id, comments: [] })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: body(res).data.id as number, imageIds: ids };
}

/** A search result as the source list gives it. */
export interface Found {
  id: number;
  title: string;
  snippet?: string;
  snippetImage?: number;
}

/** The source list's search of `q` in `user`'s space (`workspaceId`). */
export async function searchSpace(t: TestApp, user: TestUser, q: string, workspaceId = user.workspaceId): Promise<Found[]> {
  const res = await t.app.inject({ url: `/api/archive/sauce/${workspaceId}/list?search=${encodeURIComponent(q)}&pageSize=50`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.results as Found[];
}

/** The status and words of image `imageId` as stored. */
export async function imageText(t: TestApp, imageId: number): Promise<{ text_status: string; text: string; text_attempts: number } | undefined> {
  const { rows } = await t.db.$client.query('SELECT text_status, text, text_attempts FROM sauce_images WHERE id = $1', [imageId]);
  return rows[0];
}
