import { TAG_PATTERN, countedLength, LIMITS, type Plan } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sauceFolders } from '../../db/schema.ts';
import { ArticleNotFoundError } from '../../errors.ts';
import { queueSummary, type SummaryJobOptions } from '../../jobs/article-summary.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { lockMembership, type Membership } from '../../policies/workspace.ts';
import { notifyWorkspace } from '../events.ts';
import { assertFoldersInWorkspace } from '../folders.ts';
import { getSauce } from '../sauces.ts';
import type { SauceRecord } from '../sauces/card.ts';
import { writeSauces } from '../sauces/write.ts';
import { SUMMARY_CACHE_MS } from './summary/job.ts';

/** How an article is saved: its summary job's retries, and the installation's plan. */
export interface ForkOptions extends SummaryJobOptions {
  plan: Plan;
}

/** The first `max` characters of `s` as SPEC §5 counts them (a title longer than a source allows). */
function truncateCounted(s: string, max: number): string {
  if (countedLength(s) <= max) return s;
  return `${Array.from(s).slice(0, max - 1).join('').trimEnd()}…`;
}

/** The summary state a new request starts in: 'ready' at once from a fresh cache on the article, else 'pending'. */
async function requestedSummary(tx: Tx, articleId: number) {
  const { rows } = await tx.execute<{ summary: string | null; summary_method: string | null }>(sql`
    SELECT summary, summary_method FROM articles
    WHERE id = ${articleId} AND summarized_at > now() - make_interval(secs => ${SUMMARY_CACHE_MS / 1000})`);
  const cached = rows[0]?.summary ? rows[0] : null;
  return cached
    ? { status: 'ready' as const, text: cached.summary, method: cached.summary_method }
    : { status: 'pending' as const, text: null, method: null };
}

/**
 * Saves a visible article into a space as a source (SPEC §7 POST /discovery/articles/{id}/fork,
 * issue #10): a text source with modeType 'Article', `destination` (its link) the article's
 * URL, the article's title (cut to the text-title limit), description and image as its link
 * preview, the article's tags (those that are valid source tags, at most 5) and the chosen
 * folders. With `aiEnable` its summary is requested: ready at once when the article has a
 * fresh cached summary, else 'pending' with a background job (queued in the same
 * transaction, so it never blocks the save and exists only if the save commits).
 *
 * Double save (decided in issue #10): an article is one source per space. Saving it again
 * is not an error: the existing source comes back (`created: false`) with the chosen
 * folders added to its own, and a summary requested when asked and it has none or the last
 * one failed. Runs under the space's lock (lockMembership), so two saves at once make one
 * source, and counts the 100-source limit there (sauces/write.ts, which also tells the
 * space's members about a new source once it committed).
 * @throws ARTICLE_NOT_FOUND (404) for an unknown or hidden article; FOLDER_NOT_FOUND (404)
 *   for a folder of another space; LIMIT_REACHED (422) at 100 sources; NOT_FOUND /
 *   NOT_AUTHORIZED when the membership changed meanwhile.
 */
export async function forkArticle(
  db: Db,
  jobs: JobQueue,
  m: Membership,
  articleId: number,
  input: { folderSet: number[]; aiEnable: boolean },
  opts: ForkOptions,
): Promise<{ sauce: SauceRecord; created: boolean }> {
  const folderIds = [...new Set(input.folderSet)];
  const { id, created } = await writeSauces(db, async (tx, write) => {
    await lockMembership(tx, m);
    const { rows: found } = await tx.execute<{
      title: string;
      url: string;
      description: string;
      thumbnail: string | null;
      tags: string[];
    }>(sql`SELECT title, url, description, thumbnail, tags FROM articles WHERE id = ${articleId} AND NOT hidden`);
    const article = found[0];
    if (!article) throw ArticleNotFoundError();
    await assertFoldersInWorkspace(tx, m.workspaceId, folderIds);

    const { rows: existing } = await tx.execute<{ id: number; summary_status: string | null }>(sql`
      SELECT id, summary_status FROM sauces WHERE workspace_id = ${m.workspaceId} AND article_id = ${articleId} FOR UPDATE`);
    if (existing[0]) {
      const sauceId = existing[0].id;
      const again = input.aiEnable && (existing[0].summary_status === null || existing[0].summary_status === 'failed');
      if (again) {
        const summary = await requestedSummary(tx, articleId);
        await tx.execute(sql`UPDATE sauces SET summary_status = ${summary.status}, summary = ${summary.text},
          summary_method = ${summary.method}, updated_at = now() WHERE id = ${sauceId}`);
        if (summary.status === 'pending') await queueSummary(jobs, tx, sauceId, opts);
      }
      if (folderIds.length > 0) {
        await tx.insert(sauceFolders).values(folderIds.map((folderId) => ({ sauceId, folderId }))).onConflictDoNothing();
      }
      await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'updated', id: sauceId, actorId: m.userId });
      return { id: sauceId, created: false };
    }
    const summary = input.aiEnable ? await requestedSummary(tx, articleId) : null;
    const [sauceId] = await write.insert(
      m,
      { from: 'article' },
      [
        {
          type: 'TEXT',
          title: truncateCounted(article.title, LIMITS.textTitleLength),
          text: '',
          link: article.url,
          page: { title: article.title, description: article.description, image: article.thumbnail },
          tags: article.tags.filter((t) => TAG_PATTERN.test(t)).slice(0, LIMITS.tagsPerSauce),
          folderIds,
          article: { id: articleId, summary },
        },
      ],
      opts.plan.sources,
    );
    if (summary?.status === 'pending') await queueSummary(jobs, tx, sauceId!, opts);
    return { id: sauceId!, created: true };
  });
  return { sauce: await getSauce(db, m.workspaceId, id), created };
}
