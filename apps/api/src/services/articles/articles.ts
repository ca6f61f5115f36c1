import {
  ALL_ARTICLES,
  ARTICLE_CATEGORIES,
  type AdminArticleListQuery,
  type ArticleListQuery,
  type CreateArticle,
  type UpdateArticle,
} from '@sauce/contract/articles';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { escapeLike, isoUtc as iso } from '../../db/sql.ts';
import { AppError, ArticleExistsError, ArticleNotFoundError, ArticleUnreadableError } from '../../errors.ts';
import { detectLanguage } from '../../lib/readable.ts';
import type { AddressPolicy } from '../../lib/safe-fetch.ts';
import { canonicalUrl } from './canonical-url.ts';
import { failureReason, type PageMetadata, readArticlePage } from './page-metadata.ts';

/** An article row as the presenters need it. Times are ISO 8601 UTC strings. */
export interface ArticleRecord {
  id: number;
  title: string;
  url: string;
  canonicalUrl: string;
  description: string;
  publisher: string;
  publisherUrl: string | null;
  favicon: string | null;
  thumbnail: string | null;
  language: string | null;
  category: number;
  tags: string[];
  publishedAt: string | null;
  hidden: boolean;
  source: 'seed' | 'admin' | 'feed';
  feedId: number | null;
  createdAt: string;
}

/** A page of records with the envelope's paging numbers (ARCHITECTURE.md Responses). */
export interface Paged<T> {
  results: T[];
  count: number;
  next: number | null;
  previous: number | null;
}

// Timestamps leave PostgreSQL already in the API's format (db/sql.ts isoUtc).
const COLUMNS = `a.id, a.title, a.url, a.canonical_url, a.description, a.publisher, a.publisher_url, a.favicon,
  a.thumbnail, a.language, a.category, a.tags, ${iso('a.published_at')} AS published_at, a.hidden, a.source,
  a.feed_id, ${iso('a.created_at')} AS created_at`;

type Row = Record<string, unknown>;
const toRecord = (r: Row): ArticleRecord => ({
  id: r.id as number,
  title: r.title as string,
  url: r.url as string,
  canonicalUrl: r.canonical_url as string,
  description: r.description as string,
  publisher: r.publisher as string,
  publisherUrl: r.publisher_url as string | null,
  favicon: r.favicon as string | null,
  thumbnail: r.thumbnail as string | null,
  language: r.language as string | null,
  category: r.category as number,
  tags: r.tags as string[],
  publishedAt: r.published_at as string | null,
  hidden: r.hidden as boolean,
  source: r.source as ArticleRecord['source'],
  feedId: r.feed_id as number | null,
  createdAt: r.created_at as string,
});

/**
 * The filter of a search (issue #10: by title or tag) as SQL over article `a`: any part of
 * the title, case-insensitive (trigram index), or the whole tag (`#` in front ignored; GIN
 * index on the tag array). Values go to `values` as `$n` placeholders.
 */
function searchWhere(values: unknown[], search: string): string {
  const $ = (value: unknown) => `$${values.push(value)}`;
  const tag = search.replace(/^#/, '').trim().toLowerCase();
  return `(a.title ILIKE ${$(`%${escapeLike(search)}%`)} OR a.tags @> ARRAY[${$(tag)}]::text[])`;
}

const paging = (page: number, pageSize: number, shown: number, count: number) => ({
  count,
  next: (page - 1) * pageSize + shown < count ? page + 1 : null,
  previous: page > 1 ? page - 1 : null,
});

// Each distinct list statement is prepared once per connection under a name (the filters
// only add fixed fragments), as the source list does.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `article_list_${statementNames.size}`));
  return name;
}

/**
 * One page of the public article list (SPEC §7 GET /discovery/articles): visible articles,
 * newest first (published time, else when added), of one category or all (-1), matching
 * `search` by title or tag. The page and the total are two statements run at once (a
 * window count would read every matching row in full; counting reads only the index),
 * each prepared once per connection. Indexes: articles_category_list_idx /
 * articles_list_idx (order and count), articles_title_trgm_idx and articles_tags_idx
 * (search); figures in scripts/bench-articles.ts.
 */
export async function listArticles(db: Db, q: ArticleListQuery): Promise<Paged<ArticleRecord>> {
  const values: unknown[] = [q.pageSize, (q.page - 1) * q.pageSize];
  const text = `SELECT ${COLUMNS} FROM articles a WHERE ${publicWhere(values, q)}
    ORDER BY a.sort_at DESC, a.id DESC LIMIT $1 OFFSET $2`;
  const countValues: unknown[] = [];
  const countText = `SELECT count(*)::int AS n FROM articles a WHERE ${publicWhere(countValues, q)}`;
  const [{ rows }, counted] = await Promise.all([
    db.$client.query<Row>({ name: statementName(text), text, values }),
    db.$client.query<{ n: number }>({ name: statementName(countText), text: countText, values: countValues }),
  ]);
  const count = counted.rows[0]?.n ?? 0;
  return { results: rows.map(toRecord), ...paging(q.page, q.pageSize, rows.length, count) };
}

/** The public list's filter over article `a`: visible, the category unless all, the search. */
function publicWhere(values: unknown[], q: ArticleListQuery): string {
  const parts = ['NOT a.hidden'];
  if (q.category !== ALL_ARTICLES.id) parts.push(`a.category = $${values.push(q.category)}`);
  if (q.search) parts.push(searchWhere(values, q.search));
  return parts.join(' AND ');
}

/**
 * SPEC §7 GET /discovery/articles/category: 'all articles' (id -1) and the four categories,
 * each with its number of visible articles.
 */
export async function listCategories(db: Db) {
  const { rows } = await db.execute<{ category: number; n: number }>(
    sql`SELECT category, count(*)::int AS n FROM articles WHERE NOT hidden GROUP BY category`,
  );
  const counts = new Map(rows.map((r) => [r.category, r.n]));
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return [
    { id: ALL_ARTICLES.id, category: ALL_ARTICLES.key, icon: ALL_ARTICLES.icon, articleCount: total },
    ...ARTICLE_CATEGORIES.map((c) => ({ id: c.id, category: c.key, icon: c.icon, articleCount: counts.get(c.id) ?? 0 })),
  ];
}

/** One article by id, hidden ones included. @throws ARTICLE_NOT_FOUND (404). */
export async function getArticle(db: Tx, id: number): Promise<ArticleRecord> {
  const { rows } = await db.execute<Row>(sql`SELECT ${sql.raw(COLUMNS)} FROM articles a WHERE a.id = ${id}`);
  if (!rows[0]) throw ArticleNotFoundError();
  return toRecord(rows[0]);
}

/** One visible article (the public read). @throws ARTICLE_NOT_FOUND (404) when unknown or hidden. */
export async function getVisibleArticle(db: Tx, id: number): Promise<ArticleRecord> {
  const article = await getArticle(db, id);
  if (article.hidden) throw ArticleNotFoundError();
  return article;
}

/** The admin page's list: hidden ones too (`status`), by category and search, newest first. */
export async function listAdminArticles(db: Db, q: AdminArticleListQuery): Promise<Paged<ArticleRecord>> {
  const values: unknown[] = [q.pageSize, (q.page - 1) * q.pageSize];
  const parts = ['TRUE'];
  if (q.category !== ALL_ARTICLES.id) parts.push(`a.category = $${values.push(q.category)}`);
  if (q.status === 'visible') parts.push('NOT a.hidden');
  if (q.status === 'hidden') parts.push('a.hidden');
  if (q.search) parts.push(searchWhere(values, q.search));
  const { rows } = await db.$client.query<Row>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total_count FROM articles a WHERE ${parts.join(' AND ')}
     ORDER BY a.sort_at DESC, a.id DESC LIMIT $1 OFFSET $2`,
    values,
  );
  const count = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
  return { results: rows.map(toRecord), ...paging(q.page, q.pageSize, rows.length, count) };
}

/** Options of the admin writes that read pages. */
export interface ReadOptions {
  allowPrivate: boolean;
  allowAddress?: AddressPolicy;
}

/** The id of the article with canonical URL `canonical`, or null. */
async function idByCanonical(db: Tx, canonical: string): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM articles WHERE canonical_url = ${canonical}`);
  return rows[0]?.id ?? null;
}

/**
 * What adding `url` would store (the admin page's preview): the page's metadata, or
 * `readable: false` with empty fields when it cannot be read, and the article already
 * there with the same canonical URL, if any.
 * @throws INVALID_FORMAT / URL_NOT_ALLOWED (400) for a malformed or refused address.
 */
export async function previewArticle(db: Db, url: string, opts: ReadOptions) {
  let meta: PageMetadata | null = null;
  try {
    meta = await readArticlePage(url, { ...opts, timeoutMs: 8_000 });
  } catch (e) {
    if (e instanceof AppError) throw e;
  }
  const canonical = meta?.canonicalUrl ?? canonicalUrl(url);
  return {
    url: meta?.url ?? url,
    canonicalUrl: canonical,
    title: meta?.title ?? '',
    description: meta?.description ?? '',
    thumbnail: meta?.thumbnail ?? null,
    favicon: meta?.favicon ?? null,
    publisher: meta?.publisher ?? new URL(url).hostname.replace(/^www\./, ''),
    publishedAt: meta?.publishedAt ?? null,
    language: meta?.language ?? null,
    readable: meta !== null,
    existingId: await idByCanonical(db, canonical),
  };
}

/** A text[] value from a list of strings (sent as one JSON parameter). */
export const textArray = (items: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))::text[]`;

/** The fields of a new article row. */
export interface NewArticle {
  title: string;
  url: string;
  canonicalUrl: string;
  description?: string;
  publisher?: string;
  publisherUrl?: string | null;
  favicon?: string | null;
  thumbnail?: string | null;
  language?: string | null;
  category: number;
  tags?: string[];
  publishedAt?: string | null;
  source: 'seed' | 'admin' | 'feed';
  feedId?: number | null;
  createdBy?: number | null;
}

/**
 * Inserts an article unless one with the same canonical URL exists.
 * @returns its id, or null when it was a duplicate.
 */
export async function insertArticle(db: Tx, a: NewArticle): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO articles (title, url, canonical_url, description, publisher, publisher_url, favicon, thumbnail,
      language, category, tags, published_at, source, feed_id, created_by)
    VALUES (${a.title}, ${a.url}, ${a.canonicalUrl}, ${a.description ?? ''}, ${a.publisher ?? ''}, ${a.publisherUrl ?? null},
      ${a.favicon ?? null}, ${a.thumbnail ?? null}, ${a.language ?? null}, ${a.category}, ${textArray(a.tags ?? [])},
      ${a.publishedAt ?? null}, ${a.source}, ${a.feedId ?? null}, ${a.createdBy ?? null})
    ON CONFLICT (canonical_url) DO NOTHING
    RETURNING id`);
  return rows[0]?.id ?? null;
}

/**
 * Adds an article by URL (issue #10 Curation): the page is read for its title,
 * description, image, favicon, publisher and date; what the admin gave overrides it.
 * @throws ARTICLE_EXISTS (409, `details.id`) for a canonical URL already there;
 *   ARTICLE_UNREADABLE (422) when the page cannot be read and no title was given;
 *   INVALID_FORMAT / URL_NOT_ALLOWED (400) for a malformed or refused address.
 */
export async function createArticle(db: Db, input: CreateArticle, userId: number, opts: ReadOptions): Promise<ArticleRecord> {
  // The link as given is checked first (no fetch for a known article), the page's canonical link after.
  const given = await idByCanonical(db, canonicalUrl(input.url));
  if (given !== null) throw ArticleExistsError(given);
  let meta: PageMetadata | null = null;
  try {
    meta = await readArticlePage(input.url, { ...opts, timeoutMs: 8_000 });
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (!input.title) throw ArticleUnreadableError(failureReason(e));
  }
  const canonical = meta?.canonicalUrl ?? canonicalUrl(input.url);
  const existing = await idByCanonical(db, canonical);
  if (existing !== null) throw ArticleExistsError(existing);
  const title = input.title ?? meta?.title;
  if (!title) throw ArticleUnreadableError('no-title');
  const id = await insertArticle(db, {
    title,
    url: meta?.url ?? input.url,
    canonicalUrl: canonical,
    description: meta?.description,
    publisher: input.publisher || meta?.publisher || new URL(input.url).hostname.replace(/^www\./, ''),
    publisherUrl: meta?.publisherUrl ?? new URL(input.url).origin,
    favicon: meta?.favicon,
    thumbnail: input.thumbnail !== undefined ? input.thumbnail : meta?.thumbnail,
    language: meta?.language ?? detectLanguage(title),
    category: input.categoryId,
    tags: [...new Set(input.tags ?? [])],
    publishedAt: input.publishedAt !== undefined ? input.publishedAt : meta?.publishedAt,
    source: 'admin',
    createdBy: userId,
  });
  if (id === null) throw ArticleExistsError((await idByCanonical(db, canonical)) ?? 0);
  return getArticle(db, id);
}

/** Changes an article's fields that are present; `hidden` takes it off the public list. @throws ARTICLE_NOT_FOUND (404). */
export async function updateArticle(db: Db, id: number, input: UpdateArticle): Promise<ArticleRecord> {
  const sets = [sql`updated_at = now()`];
  if (input.title !== undefined) sets.push(sql`title = ${input.title}`);
  if (input.categoryId !== undefined) sets.push(sql`category = ${input.categoryId}`);
  if (input.tags !== undefined) {
    sets.push(sql`tags = ${textArray([...new Set(input.tags)])}`);
  }
  if (input.publisher !== undefined) sets.push(sql`publisher = ${input.publisher}`);
  if (input.publishedAt !== undefined) sets.push(sql`published_at = ${input.publishedAt}`);
  if (input.thumbnail !== undefined) sets.push(sql`thumbnail = ${input.thumbnail}`);
  if (input.hidden !== undefined) sets.push(sql`hidden = ${input.hidden}`);
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE articles SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING id`,
  );
  if (!rows[0]) throw ArticleNotFoundError();
  return getArticle(db, id);
}

/** Deletes an article; sources saved from it stay (their article_id becomes null). @throws ARTICLE_NOT_FOUND (404). */
export async function deleteArticle(db: Db, id: number): Promise<void> {
  const { rows } = await db.execute<{ id: number }>(sql`DELETE FROM articles WHERE id = ${id} RETURNING id`);
  if (!rows[0]) throw ArticleNotFoundError();
}
