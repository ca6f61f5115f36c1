import type { Permission } from '@sauce/contract/common';
import { countedLength, LIMITS, type Plan } from '@sauce/contract/limits';
import type { CreateSauce, SauceListQuery, UpdateSauce } from '@sauce/contract/sauces';
import DataLoader from 'dataloader';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, type Tx } from '../db/client.ts';
import { sauceCaptures, sauceFolders, sauceImages, sauces, sauceTags, workspaceMembers } from '../db/schema.ts';
import { InvalidFormatError, SauceNotFoundError } from '../errors.ts';
import { authorizePermission, lockMembership, type Membership, type MembershipClaim } from '../policies/workspace.ts';
import type { FileStore } from '../storage/file-store.ts';
import { notifyWorkspace } from './events.ts';
import { forgetUnusedTags } from './tags.ts';
import { deleteFiles, sauceImageKeys, setSauceImages } from './images.ts';
import { captureFileKeys } from './capture-files.ts';
import { DEFAULT_SEARCH_LIMITS, runSearch, SEARCH_RANKED, searchConditions, searchedRows, type SearchLimits, searchTerms, type SearchTerms } from './search.ts';
import { readSnippet, snippetOf } from './search-snippet.ts';
import { COLOUR_MATCH_DISTANCE, hexToLab, neighbourCells } from '../lib/colour.ts';
import { previewAtSave, type PreviewOptions } from './link-preview.ts';
import { addFolders, addTags } from './sauces/filing.ts';
import { type NewSauce, saveSauce, writeSauces } from './sauces/write.ts';
import { CARD_COLUMNS, type CardRow, type SauceRecord, selectSauce, toRecord } from './sauces/card.ts';

/**
 * How a list query reads its page (issue #24): the index that gives the page in list order
 * (newest first) — a folder's, the first tag's in the space, or the space's own — with the
 * rest of the filter (SPEC §2 Cards and lists; §5: at most 3 tags, all must match) as SQL
 * text over source `s`, and how to count the matches. No value enters the text: each is
 * appended to `values` and referred to by its `$n` placeholder ($1 is the space).
 */
function listPlan(values: unknown[], userId: number, q: SauceListQuery, terms: SearchTerms | null, cursor: string | undefined) {
  const $ = (value: unknown) => `$${values.push(value)}`;
  let from: string;
  /** Common table expressions the statement defines after `member` (the colour filter's matches), or ''. */
  let ctes = '';
  let key: { created: string; id: string };
  const parts: string[] = [];
  const [firstTag, ...otherTags] = q.tag ?? [];
  /** A search with no index of its own to read from: driven by its matches (sauce_search). */
  let searchAlone = false;
  // The keyset condition: the rows after the cursor's source, by order keys `k`.
  let cursorValues: [string, string] | undefined;
  const after = (k: { created: string; id: string }) => {
    if (!cursor) return 'true';
    if (!cursorValues) {
      const [micros, id] = cursor.split('.');
      cursorValues = [$(micros), $(Number(id))];
    }
    return `(${k.created}, ${k.id}) < (timestamptz 'epoch' + ${cursorValues[0]}::bigint * interval '1 microsecond', ${cursorValues[1]}::int)`;
  };
  const type = q.image && !q.text ? 'IMAGE' : q.text && !q.image ? 'TEXT' : null;
  const colour = q.color ? hexToLab(q.color) : null;
  const favouritesOnly = q.favorite && !q.folder && firstTag === undefined && !terms && !type && !q.broken && !colour;
  if (favouritesOnly) {
    // Each of the person's favourite tags gives its newest rows in the space from the tag
    // index (at most a page's worth past the offset), merged and deduplicated: bounded by the
    // favourite tags, never a walk of the space checking each source.
    const inner = { created: 'fd.sauce_created_at', id: 'fd.sauce_id' };
    from = `(SELECT DISTINCT f.sauce_id, f.sauce_created_at FROM tags ft CROSS JOIN LATERAL (
        SELECT fd.sauce_id, fd.sauce_created_at FROM sauce_tags fd
        WHERE fd.workspace_id = $1 AND fd.name = ft.name AND ${after(inner)}
        ORDER BY fd.sauce_created_at DESC, fd.sauce_id DESC LIMIT $3::bigint + $4::bigint) f
      WHERE ft.user_id = $2 AND ft.favorite) d JOIN sauces s ON s.id = d.sauce_id`;
    key = { created: 'd.sauce_created_at', id: 'd.sauce_id' };
    // Its rows are the space's already (a filter on s would have the planner read the space).
    parts.push('true');
  } else if (colour) {
    // Issue #21 item 4: the sources with an image whose palette holds a colour within
    // COLOUR_MATCH_DISTANCE of the one asked for (OKLab): the space's palette colours in the
    // 27 cells around it, from sauce_colours_cell_idx alone (an index-only scan), checked
    // by exact distance, one row a source. The other filters apply to those sources.
    // The matches are read once (a materialized CTE) for both the page and its count.
    const d2 = (axis: 'l' | 'a' | 'b') => `(c.${axis} - ${$(colour[axis])}::float8) ^ 2`;
    ctes = `colour_hits AS MATERIALIZED (SELECT DISTINCT c.sauce_id, c.sauce_created_at FROM sauce_colours c
        WHERE EXISTS (SELECT FROM member) AND c.workspace_id = $1 AND c.cell = ANY(${$(neighbourCells(colour))}::int[])
          AND c.sauce_id IS NOT NULL AND ${d2('l')} + ${d2('a')} + ${d2('b')} <= ${$(COLOUR_MATCH_DISTANCE ** 2)}::float8)`;
    from = 'colour_hits d JOIN sauces s ON s.id = d.sauce_id';
    key = { created: 'd.sauce_created_at', id: 'd.sauce_id' };
    parts.push('true');
    if (q.folder) parts.push(`EXISTS (SELECT 1 FROM sauce_folders f WHERE f.sauce_id = s.id AND f.folder_id = ${$(q.folder)})`);
  } else if (q.folder) {
    from = 'sauce_folders d JOIN sauces s ON s.id = d.sauce_id';
    key = { created: 'd.sauce_created_at', id: 'd.sauce_id' };
    // The folder must be the space's; its rows are then the space's (no join to filter on).
    parts.push(`d.folder_id = (SELECT f.id FROM folders f WHERE f.id = ${$(q.folder)} AND f.workspace_id = $1)`);
  } else if (firstTag !== undefined) {
    from = 'sauce_tags d JOIN sauces s ON s.id = d.sauce_id';
    key = { created: 'd.sauce_created_at', id: 'd.sauce_id' };
    parts.push('d.workspace_id = $1', `d.name = ${$(firstTag)}`);
  } else if (terms) {
    // A search alone is driven by its matches (sauce_search's GIN indexes, the space's rows
    // only), read from the search table alone; a filter on the source reads each match's
    // source by its key: `OFFSET 0` keeps the planner from turning this into a hash join over
    // a scan of the whole space (20 of 40 ms at 100,000 sources).
    from = 'sauce_search x';
    key = { created: 's.created_at', id: 'x.sauce_id' };
    searchAlone = true;
  } else {
    from = 'sauces s';
    key = { created: 's.created_at', id: 's.id' };
    parts.push('s.workspace_id = $1');
  }
  for (const tag of q.folder || colour ? (q.tag ?? []) : otherTags) {
    parts.push(`EXISTS (SELECT 1 FROM sauce_tags t WHERE t.sauce_id = s.id AND t.name = ${$(tag)})`);
  }
  let rank = '0';
  if (terms) {
    // Issue #21: what search reads of each source (sauce_search, kept by triggers), from the
    // space's entries of its GIN indexes; ranked by the words' weight, a title match first.
    // Issue #28 item 3: a search alone reads the search table, never the sources; a
    // substring search only the space's newest sources (searchedRows).
    if (searchAlone) from = searchedRows(terms, '$1');
    else from += ` JOIN sauce_search x ON x.sauce_id = ${key.id}`;
    parts.push('x.workspace_id = $1', ...searchConditions(terms, $));
    const inTitle = `(s.title ILIKE ${$(terms.title)})::int`;
    rank = terms.tsquery ? `${inTitle} + ts_rank_cd(x.tsv, ${$(terms.tsquery)}::tsquery)` : inTitle;
  }
  // SearchFilter (SPEC §2): image/text pick types; none or both mean every type.
  if (type) parts.push(`s.type = '${type}'`);
  // Issue #21: links gone three checks in a row.
  if (q.broken) parts.push('s.link_broken');
  if (q.favorite && !favouritesOnly) {
    parts.push(`EXISTS (SELECT 1 FROM sauce_tags t JOIN tags ut ON ut.name = t.name AND ut.user_id = ${$(userId)}
      AND ut.favorite WHERE t.sauce_id = s.id)`);
  }
  const where = parts.join(' AND ');
  // The colour's matches with no other filter: its rows are the space's sources already.
  if (colour && !terms && !/\bs\./.test(where)) from = 'colour_hits d';
  if (searchAlone && /\bs\./.test(where)) from += ' CROSS JOIN LATERAL (SELECT * FROM sauces s1 WHERE s1.id = x.sauce_id OFFSET 0) s';
  // What the page needs besides its rows is kept as writes happen (migration 0009), or
  // counted from the index the page is read from.
  const others = !q.search && !q.favorite && !q.broken && !colour;
  let count: string;
  if (!q.folder && firstTag === undefined && others) {
    // The space's counter slots (migration 0019).
    count = `(SELECT COALESCE(sum(${type === 'TEXT' ? 'text_count' : type === 'IMAGE' ? 'image_count' : 'text_count + image_count'}), 0) FROM workspace_counters WHERE workspace_id = $1)`;
  } else if (q.folder && !q.tag?.length && others && !type) {
    count = `COALESCE((SELECT item_count FROM folders WHERE id = ${$(q.folder)} AND workspace_id = $1), 0)`;
  } else if (firstTag !== undefined && otherTags.length === 0 && !q.folder && others && !type) {
    // One tag: its rows in the space, from the index alone.
    count = `(SELECT count(*) FROM sauce_tags d WHERE ${parts[0]} AND ${parts[1]})`;
  } else if (favouritesOnly) {
    // The sources carrying a favourite tag: that many tag entries in the space, from the index.
    count = `(SELECT count(DISTINCT t.sauce_id) FROM tags ut JOIN sauce_tags t ON t.workspace_id = $1 AND t.name = ut.name
      WHERE ut.user_id = $2 AND ut.favorite)`;
  } else if (terms) {
    // A search: its matches, read once for the count and the page (listStatement's `hits`).
    count = '(SELECT count(*) FROM hits)';
  } else {
    count = `(SELECT count(*) FROM ${from} WHERE ${where})`;
  }
  return { from, key, where: `${where} AND ${after(key)}`, count, rank, ctes };
}

/** A list cursor (`<µs since the epoch>.<id>`, exact) of the order keys `key`, as SQL. */
export const cursorOf = (key: { created: string; id: string }) =>
  `(extract(epoch FROM date_trunc('second', ${key.created}))::bigint * 1000000
    + extract(microseconds FROM ${key.created})::bigint % 1000000)::text || '.' || ${key.id}`;

// Each distinct list statement gets a name, so that PostgreSQL parses and plans it once per
// connection rather than on every request. Filters only add fixed fragments (values are
// parameters; at most 3 tags), so there are a few dozen statements at most.
const listStatementNames = new Map<string, string>();
function listStatementName(text: string): string {
  let name = listStatementNames.get(text);
  if (!name) listStatementNames.set(text, (name = `sauce_list_${listStatementNames.size}`));
  return name;
}

/**
 * The statement {@link listSauces} sends for a list query, and its values (exported for the
 * plan tests and `npm run bench:scale`, which EXPLAIN it).
 */
export function listStatement(
  workspaceId: number,
  userId: number,
  q: SauceListQuery,
  terms: SearchTerms | null = null,
): { text: string; values: unknown[] } {
  // A search is ranked by relevance, so it pages by number; other lists by cursor when given.
  const cursor = terms ? undefined : q.cursor;
  const values: unknown[] = [workspaceId, userId, q.pageSize + 1, cursor ? 0 : (q.page - 1) * q.pageSize];
  const plan = listPlan(values, userId, q, terms, cursor);
  // In a search's results, the text around the first marked word (for a match the card does
  // not show: a comment, a summary, a description).
  const snippet = terms?.highlight.length ? snippetOf('s.id', `$${values.push(terms.highlight)}`) : 'NULL';
  // Issue #28 item 3: a search's matches are read once (their ids: the index and the search
  // table, never a source's text), for its count and its page; of them only the newest
  // SEARCH_RANKED (by id) are ranked — ranking reads each one's whole tsvector, which for
  // every match of a common word cost seconds — and the rest follow, newest first.
  const page = terms
    ? `hits AS MATERIALIZED (
      SELECT ${plan.key.id} AS id FROM ${plan.from}
      WHERE EXISTS (SELECT FROM member) AND ${plan.where}),
    page AS (
      SELECT h.id, s.created_at AS created, NULL::text AS cursor, CASE WHEN h.n <= ${SEARCH_RANKED} THEN ${plan.rank} ELSE -1 END AS rank
      FROM (SELECT id, row_number() OVER () AS n FROM (SELECT id FROM hits ORDER BY id DESC LIMIT greatest(${SEARCH_RANKED}, $3::bigint + $4::bigint)) t) h
        JOIN sauces s ON s.id = h.id JOIN sauce_search x ON x.sauce_id = h.id
      ORDER BY rank DESC, h.id DESC
      LIMIT $3 OFFSET $4)`
    : `page AS (
      SELECT ${plan.key.id} AS id, ${plan.key.created} AS created, ${cursorOf(plan.key)} AS cursor, ${plan.rank} AS rank
      FROM ${plan.from}
      WHERE EXISTS (SELECT FROM member) AND ${plan.where}
      ORDER BY ${plan.rank === '0' ? '' : 'rank DESC, '}${plan.key.created} DESC, ${plan.key.id} DESC
      LIMIT $3 OFFSET $4)`;
  // `member` gives the caller's role and, for a non-member, empties the result before any
  // source is read; it is also the one row the page's cards join to, so an empty page still
  // says the role and the count.
  const text = `
    WITH member AS (SELECT permission FROM workspace_members WHERE workspace_id = $1 AND user_id = $2),${plan.ctes ? `
    ${plan.ctes},` : ''}
    ${page}
    SELECT member.permission AS member_permission, ${plan.count} AS total_count, c.*
    FROM member LEFT JOIN LATERAL (
      SELECT p.cursor AS page_cursor, p.created AS page_created, p.rank AS page_rank, ${snippet} AS snippet, ${CARD_COLUMNS}
      FROM page p JOIN sauces s ON s.id = p.id JOIN users u ON u.id = s.author_id) c ON true
    ORDER BY c.page_rank DESC, ${terms ? '' : 'c.page_created DESC, '}c.id DESC`;
  return { text, values };
}

/**
 * One page of a workspace's sauces, newest first, and the total matching count, for
 * `userId` if a member who may read it — in one statement whose cost does not grow with the
 * space (issue #24): the page is read from the index in list order (the space's, a
 * folder's, or the first tag's), its cards' tags, folders and cover for its rows only, and
 * the total from the counts kept as writes happen (or, for other filters, counted from that
 * index). With `q.cursor` the page starts after the source it names (keyset: a source saved
 * meanwhile shifts nothing); else `q.page` counts pages from the top.
 * A search (`q.search`, issue #28 item 3) runs under `search`'s statement limit, its words
 * normalised and its ranking bounded (services/search.ts).
 * @returns the page, the caller's permission, the page numbers before and after it, and the
 *   cursor of the page after it (null on the last).
 * @throws NOT_FOUND (404) when the user is not a member of the workspace (SPEC §6);
 *   SERVICE_UNAVAILABLE (503, `details.reason` 'SEARCH_TOO_COSTLY') for a search its limit stopped.
 */
export async function listSauces(db: Db, workspaceId: number, userId: number, q: SauceListQuery, search: SearchLimits = DEFAULT_SEARCH_LIMITS) {
  let rows: CardRow[];
  let terms: SearchTerms | null = null;
  if (q.search) {
    const text = q.search;
    ({ rows, terms } = await runSearch(db, search, async (client) => {
      const terms = await searchTerms(client, text);
      const statement = listStatement(workspaceId, userId, q, terms);
      // A search is planned with its words each time: how many sources a word matches decides
      // the plan, which a prepared statement's generic plan (after five runs) cannot know.
      return { rows: (await client.query<CardRow>(statement)).rows, terms };
    }));
  } else {
    const { text, values } = listStatement(workspaceId, userId, q);
    ({ rows } = await db.$client.query<CardRow>({ name: listStatementName(text), text, values }));
  }
  const permission = authorizePermission(rows[0]?.member_permission as Permission | null | undefined, 'read');
  const found = rows.filter((r) => r.id !== null);
  const more = found.length > q.pageSize;
  const pageRows = found.slice(0, q.pageSize);
  return {
    permission,
    results: pageRows.map(toRecord),
    /** Per result (by id): the text around its first match, in a search (issue #21), and the image it was read in (issue #33). */
    snippets: new Map(pageRows.flatMap((r) => (r.snippet ? [[r.id as number, readSnippet(r.snippet)!] as const] : []))),
    /** Lower-case words the results should mark (a search's stems and Korean runs); empty otherwise. */
    highlight: terms?.highlight ?? [],
    count: Number(rows[0]!.total_count),
    next: more ? q.page + 1 : null,
    previous: q.page > 1 ? q.page - 1 : null,
    nextCursor: more && !terms ? (pageRows.at(-1)!.page_cursor as string) : null,
  };
}

/** A space's list version and the caller's role in it, as {@link createListVersionReader} reads them. */
export interface ListVersion {
  /** The space's version, bumped in the same transaction as every write to what its list shows (migrations 0005, 0019: the sum of its counter slots). */
  version: number;
  permission: Permission;
}

/**
 * What decides whether a space's list changed (issue #9 item 12): the space's version (the
 * sum of its 16 counter slots, issue #29: read in one statement, so one snapshot; it only
 * grows, by at least one per committed write, so one sum names one list) and the caller's
 * role, read by PostgreSQL's primary keys. The reads that requests ask for
 * within one turn of the event loop go to PostgreSQL together, as one statement (a pair
 * asked for several times is read once; batched by `dataloader`): a dashboard's requests arriving together cost one
 * round trip instead of one each — the single read was about half of a cached list's CPU,
 * PostgreSQL's and the server's (`npm run bench`). No read is served stale: a batch's
 * statement is sent after every request in it arrived (none joins a statement already on
 * its way), so it sees every write committed before any of them, on any process.
 * @returns `read(workspaceId, userId)`, which resolves to the {@link ListVersion};
 *   it rejects with NOT_FOUND (404) for a non-member, and with the query's error (e.g. the
 *   database being unreachable) for every request of the batch.
 */
export function createListVersionReader(db: Db) {
  type Row = { version: string | null; permission: Permission | null };
  // DataLoader gathers the keys asked for until its batch is dispatched (setImmediate: after
  // the I/O callbacks of this turn, so requests arriving together share it) and hands each
  // key once to the batch function. Its memo lasts one batch: cleared as the batch leaves,
  // so a later read is never answered from an earlier batch.
  const loader: DataLoader<string, Row> = new DataLoader(
    async (keys) => {
      loader.clearAll();
      const pairs = keys.map((k) => k.split(':').map(Number) as [number, number]);
      // Scalar subqueries: always two primary-key lookups per pair, whatever the batch's size.
      const { rows } = await db.$client.query<Row>({
        name: 'sauce-list-versions',
        text: `SELECT (SELECT sum(c.version) FROM workspace_counters c WHERE c.workspace_id = k.workspace_id) AS version,
            (SELECT m.permission FROM workspace_members m WHERE m.workspace_id = k.workspace_id AND m.user_id = k.user_id) AS permission
          FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS k(workspace_id, user_id, i) ORDER BY k.i`,
        values: [pairs.map(([w]) => w), pairs.map(([, u]) => u)],
      });
      return rows;
    },
    { batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );

  return async function read(workspaceId: number, userId: number): Promise<ListVersion> {
    const row = await loader.load(`${workspaceId}:${userId}`);
    const permission = authorizePermission(row.permission, 'read');
    return { version: Number(row.version), permission };
  };
}

/**
 * The space of source `id` when `userId` is a member of it (any role), so a link to a source
 * opens in its own space (issue #31 item 1: source links name no space).
 * @throws SAUCE_NOT_FOUND (404) for a source that does not exist or is in a space the person is not in.
 */
export async function locateSauce(db: Db, userId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ workspaceId: sauces.workspaceId })
    .from(sauces)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, sauces.workspaceId), eq(workspaceMembers.userId, userId)))
    .where(eq(sauces.id, id));
  if (!row) throw SauceNotFoundError();
  return row.workspaceId;
}

/** One sauce of a workspace. @throws SAUCE_NOT_FOUND (404). */
export async function getSauce(db: Tx, workspaceId: number, id: number): Promise<SauceRecord> {
  const row = await selectSauce(db, { id, workspaceId });
  if (!row) throw SauceNotFoundError();
  return row;
}

/**
 * Replaces a sauce's tags (order kept) and adds them to the actor's tag list
 * (sauces/filing.ts addTags).
 */
export async function setTags(tx: Tx, sauceId: number, userId: number, names: string[]) {
  const unique = [...new Set(names)];
  const removed = (await tx.delete(sauceTags).where(eq(sauceTags.sauceId, sauceId)).returning({ name: sauceTags.name })).map((r) => r.name);
  await addTags(tx, userId, [{ sauceId, names: unique }]);
  // Issue #31 item 9: a tag the source lost leaves its author's list when nothing of theirs has it.
  const lost = removed.filter((n) => !unique.includes(n));
  if (lost.length > 0) {
    const [row] = await tx.select({ authorId: sauces.authorId }).from(sauces).where(eq(sauces.id, sauceId));
    if (row) await forgetUnusedTags(tx, row.authorId, lost);
  }
}

/**
 * Puts a sauce in exactly `folderIds` of its space.
 * @throws FOLDER_NOT_FOUND (404) for a folder of another space.
 */
export async function setFolders(tx: Tx, workspaceId: number, sauceId: number, folderIds: number[]) {
  await tx.delete(sauceFolders).where(eq(sauceFolders.sauceId, sauceId));
  await addFolders(tx, workspaceId, [...new Set(folderIds)].map((folderId) => ({ sauceId, folderId })));
}

/**
 * Creates a sauce with its tags and folders — and, for an image sauce, its images and
 * comments (services/images.ts setSauceImages) — in one transaction holding the space's
 * lock shared, beside other saves, where the role is read again and the plan's limit
 * checked before its row is written (sauces/write.ts saveOne, issue #29; what it holds:
 * db/locks.ts) — a text sauce without tags or folders in one statement, no transaction
 * around it. A text sauce's link never makes the save wait (issue #23): its preview is taken
 * from the editor's cached read, or fetched by a background job sent after the save
 * (services/link-preview.ts).
 * Members watching the space are told once it committed (sauces/write.ts writeSauces).
 * @throws LIMIT_REACHED (422) at the plan's sources (SPEC §9 beta: 100), 6 tags, 11 images or 11
 *   comments on an image; NO_IMAGE (400); FOLDER_NOT_FOUND / NOT_FOUND (404) for a folder
 *   or image of someone else's; NOT_FOUND / NOT_AUTHORIZED when the membership changed.
 */
export async function createSauce(db: Db, claim: MembershipClaim, input: CreateSauce, previews: PreviewOptions, plan: Plan) {
  const link = input.type === 'TEXT' ? await previewAtSave(input.textSauce.link, previews) : null;
  const sauce: NewSauce = {
    type: input.type,
    title: input.title,
    tags: input.tagSet,
    folderIds: input.folderSet,
    ...(input.type === 'TEXT'
      ? {
          text: input.textSauce.text,
          link: link?.link,
          page: link?.linkStatus === 'ready' ? { title: link.linkTitle, description: link.linkDescription, image: link.thumbnail } : null,
        }
      : { contents: async (tx: Tx, id: number, m: Membership) => (await setSauceImages(tx, m, id, input.imageSauce)).byteSize }),
  };
  return saveSauce(db, claim, { from: 'editor', previews }, sauce, plan.sources, (id) => getSauce(db, claim.workspaceId, id));
}

/** Locks a sauce's row in the locked space. @throws SAUCE_NOT_FOUND (404) when it is gone. */
async function lockSauce(tx: Tx, workspaceId: number, id: number) {
  const [row] = await tx
    .select({ id: sauces.id })
    .from(sauces)
    .where(and(eq(sauces.id, id), eq(sauces.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw SauceNotFoundError();
}

/**
 * Updates a sauce's fields that are present in `input`, in one transaction holding the
 * workspace's lock (a concurrent delete makes this a 404, never a half-written row).
 * `textSauce` applies to text sauces and `imageSauce` (the whole list) to image sauces
 * only; image sauces' titles are at most 60 characters (SPEC §5); another member's image
 * comments stay as they are (setSauceImages). Files of removed images are deleted after
 * the commit.
 * @throws SAUCE_NOT_FOUND (404), INVALID_FORMAT (400), NO_IMAGE (400), LIMIT_REACHED (422),
 *   FOLDER_NOT_FOUND / NOT_FOUND (404), NOT_AUTHORIZED (403) for another's comment.
 */
export async function updateSauce(
  db: Db,
  files: FileStore,
  m: Membership,
  id: number,
  input: UpdateSauce,
  previews: PreviewOptions,
) {
  const current = await getSauce(db, m.workspaceId, id);
  if (current.type === 'IMAGE' && input.textSauce) throw InvalidFormatError('An image source has no textSauce.');
  if (current.type === 'TEXT' && input.imageSauce) throw InvalidFormatError('A text source has no imageSauce.');
  if (current.type === 'IMAGE' && input.title !== undefined && countedLength(input.title) > LIMITS.imageTitleLength) {
    throw InvalidFormatError([{ path: '/title', message: `At most ${LIMITS.imageTitleLength} characters` }]);
  }
  const newLink = input.textSauce?.link;
  // A changed link gets its preview anew (never waiting for the site, issue #23); so does an
  // unchanged one whose preview failed, so saving again retries it.
  const link =
    newLink !== undefined && (newLink !== current.link || current.linkStatus === 'failed')
      ? await previewAtSave(newLink, previews)
      : undefined;
  // A new link gets its page's copy anew (issue #21).
  const copying = previews.copies !== false && !!link?.link && newLink !== current.link;
  const removedKeys = await writeSauces(db, async (tx, write) => {
    await lockMembership(tx, m);
    await lockSauce(tx, m.workspaceId, id);
    const images = input.imageSauce ? await setSauceImages(tx, m, id, input.imageSauce) : undefined;
    // The saved copy of the old link (a screenshot, an extension's snapshot) is not the new
    // link's. Read under the source's lock, not from `current`: the old link's job may
    // have kept its screenshot since (issue #21, link-shot-races.test.ts).
    const captureKeys = copying ? await captureFileKeys(tx, sql`sauce_id = ${id}`) : [];
    const dropped = copying
      ? await tx.delete(sauceCaptures).where(eq(sauceCaptures.sauceId, id)).returning({ byteSize: sauceCaptures.byteSize })
      : [];
    await write.update(
      m,
      id,
      {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.textSauce?.text !== undefined ? { text: input.textSauce.text } : {}),
        // A saved copy's bytes (issue #20) stay counted with the images'; one of the old link goes.
        ...(images ? { byteSize: images.byteSize + (current.capture?.byteSize ?? 0) } : {}),
        ...(dropped[0] ? { byteSize: sql`${sauces.byteSize} - ${dropped[0].byteSize}` } : {}),
        updatedAt: new Date(),
      },
      link && { columns: link, isNew: newLink !== current.link, copying, previews },
    );
    if (input.tagSet) await setTags(tx, id, m.userId, input.tagSet);
    if (input.folderSet) await setFolders(tx, m.workspaceId, id, input.folderSet);
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'updated', id, actorId: m.userId });
    return [...(images?.removedKeys ?? []), ...captureKeys];
  });
  await deleteFiles(files, removedKeys);
  return getSauce(db, m.workspaceId, id);
}

/**
 * Deletes a sauce with its images (any editor may, whoever wrote it: SPEC §6), then the
 * images' files. @throws SAUCE_NOT_FOUND (404).
 */
export async function deleteSauce(db: Db, files: FileStore, m: Membership, id: number) {
  const keys = await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    await lockSauce(tx, m.workspaceId, id);
    const keys = [...(await sauceImageKeys(tx, id)), ...(await captureFileKeys(tx, sql`sauce_id = ${id}`))];
    await tx.delete(sauceImages).where(eq(sauceImages.sauceId, id));
    const lost = await tx.delete(sauceTags).where(eq(sauceTags.sauceId, id)).returning({ name: sauceTags.name });
    const [gone] = await tx.delete(sauces).where(eq(sauces.id, id)).returning({ authorId: sauces.authorId });
    // Issue #31 item 9: its tags leave its author's list when nothing else of theirs has them.
    if (gone) await forgetUnusedTags(tx, gone.authorId, lost.map((r) => r.name));
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'deleted', id, actorId: m.userId });
    return keys;
  });
  await deleteFiles(files, keys);
}
