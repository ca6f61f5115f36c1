import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTICLE_CATEGORIES } from '@sauce/contract/articles';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_DIR } from '../../api-dir.ts';
import type { Db } from '../../db/client.ts';
import { type ArticleRecord, insertArticle } from './articles.ts';
import { canonicalUrl } from './canonical-url.ts';
import { readArticlePage } from './page-metadata.ts';

/** The shipped seed (issue #10): real articles, each title and URL checked against a stored copy of the page. */
export const SEED_FILE = path.join(API_DIR, 'src/db/seed/articles.json');

const zSeedArticle = z.object({
  title: z.string().min(1),
  url: z.url(),
  publisher: z.string().min(1),
  publishedAt: z.iso.date().nullable(),
  category: z.enum(ARTICLE_CATEGORIES.map((c) => c.key) as [string, ...string[]]),
  language: z.enum(['ko', 'en']),
  tags: z.array(z.string()).max(5),
});
export type SeedArticle = z.infer<typeof zSeedArticle>;

/** The seed file's articles, checked. @throws when the file is malformed (a packaging error). */
export function loadSeed(file = SEED_FILE): SeedArticle[] {
  return z.array(zSeedArticle).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Whether the database has never held an article: the id sequence was never used. Unlike
 * "the table is empty", this stays false after an admin deletes every article, so a
 * restart does not bring the seed back.
 */
export async function articlesNeverAdded(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ is_called: boolean }>(sql`SELECT is_called FROM articles_id_seq`);
  return rows[0]?.is_called === false;
}

/**
 * Adds the seed articles that are not there yet (by canonical URL), with a null thumbnail
 * (the web app draws a cover of the category colour and the publisher's initial until
 * `onAdded` — the thumbnail job — finds the page's image, when online).
 * @returns how many the seed has and how many were added.
 */
export async function seedArticles(
  db: Db,
  opts: { articles?: SeedArticle[]; onAdded?: (id: number) => Promise<void> } = {},
): Promise<{ total: number; added: number }> {
  const list = opts.articles ?? loadSeed();
  let added = 0;
  for (const a of list) {
    const category = ARTICLE_CATEGORIES.find((c) => c.key === a.category)!;
    const id = await insertArticle(db, {
      title: a.title,
      url: a.url,
      canonicalUrl: canonicalUrl(a.url),
      publisher: a.publisher,
      publisherUrl: new URL(a.url).origin,
      language: a.language,
      category: category.id,
      tags: a.tags,
      publishedAt: a.publishedAt ? `${a.publishedAt}T00:00:00.000Z` : null,
      source: 'seed',
    });
    if (id !== null) {
      added++;
      await opts.onAdded?.(id);
    }
  }
  return { total: list.length, added };
}

/**
 * Fills what an article lacks from its page: thumbnail (og:image…), favicon, description
 * and published date. Best effort, for the seed and feeds: a page that cannot be read
 * (offline, slow, refused) leaves the article as it is. @returns whether the page was read.
 */
export async function fillArticleFromPage(
  db: Db,
  article: Pick<ArticleRecord, 'id' | 'url'>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<boolean> {
  let meta: Awaited<ReturnType<typeof readArticlePage>>;
  try {
    meta = await readArticlePage(article.url, { allowPrivate: opts.allowPrivate, timeoutMs: opts.timeoutMs ?? 5_000 });
  } catch {
    return false;
  }
  await db.execute(sql`
    UPDATE articles SET
      thumbnail = COALESCE(thumbnail, ${meta.thumbnail}),
      favicon = COALESCE(favicon, ${meta.favicon}),
      description = CASE WHEN description = '' THEN ${meta.description} ELSE description END,
      published_at = COALESCE(published_at, ${meta.publishedAt}::timestamptz),
      updated_at = now()
    WHERE id = ${article.id}`);
  return true;
}
