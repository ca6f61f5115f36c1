import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { imageTextColumns, imageTextExtras } from './schema-image-text.ts';

export const permissionEnum = pgEnum('permission', ['OWNER', 'EDITOR', 'READER']);
export const sauceTypeEnum = pgEnum('sauce_type', ['TEXT', 'IMAGE']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    /** Unique ignoring case (issue #8: index users_nickname_lower_uq on lower(nickname)). */
    nickname: text('nickname').notNull(),
    /** FileStore key of the profile image (`avatars/<32 hex>.webp`, issue #8), or null. */
    profileImage: text('profile_image'),
    jobType: text('job_type').notNull().default('none'),
    agreeMarketing: boolean('agree_marketing').notNull().default(false),
    tutorial: boolean('tutorial').notNull().default(false),
    googleSub: text('google_sub').unique(),
    appleSub: text('apple_sub').unique(),
    devEmail: text('dev_email').unique(),
    /** Issue #8: when the person last opened the notice page; null: never. */
    noticesReadAt: timestamp('notices_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_nickname_lower_uq').on(sql`lower(${t.nickname})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Every rotation of one sign-in shares a family; reuse of a rotated token after the
     * grace window (auth/tokens.ts REFRESH_REUSE_GRACE_S) revokes it. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the opaque token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** FileStore key of the space's image (`avatars/<32 hex>.webp`), or null. */
    imageKey: text('image_key'),
    isPersonal: boolean('is_personal').notNull().default(false),
    /** Who created the space (SPEC §9: 2 team spaces per person); null once they are gone. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('workspaces_created_by_idx').on(t.createdBy)],
);

/** Slots of {@link workspaceCounters} a space has (migration 0019; the SQL functions use the same number). */
export const COUNTER_SLOTS = 16;

/**
 * Issue #29: a space's list version and source counts, spread over COUNTER_SLOTS rows so that
 * saves into one space do not queue for one row's lock. A writing transaction adds to one
 * slot (the triggers of migration 0019: the first it finds free, then that one until it
 * commits); a reader sums the space's slots in one statement.
 * - `version`: bumped in the same transaction as every write that changes what the space's
 *   source list shows (issue #9 item 12); lists carry the sum in their ETag and cache key.
 *   The sum only grows, by at least 1 per committed write, so equal sums name equal lists.
 * - `text_count`/`image_count` (issue #24): the space's text and image sources, kept as they
 *   are written, so a list's total and the usage never count rows. One slot may go below 0
 *   (a source added on one slot, deleted on another); the sum is exact.
 */
export const workspaceCounters = pgTable(
  'workspace_counters',
  {
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    /** 0 … COUNTER_SLOTS − 1. */
    slot: smallint('slot').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    textCount: integer('text_count').notNull().default(0),
    imageCount: integer('image_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.slot] })],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permission: permissionEnum('permission').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);

/**
 * An invite link to a space for one permission (SPEC §3 Invitation), valid until
 * `expiresAt` (1 week, SPEC §9) unless revoked. The link's id is HMAC-SHA256 of `nonce`
 * under a key derived from the server secret (services/invitations.ts): the database holds
 * only the nonce and the id's SHA-256, so a copy of it opens no space, while the owner can
 * be shown the same link again.
 */
export const invitations = pgTable(
  'workspace_invitations',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    permission: permissionEnum('permission').notNull(),
    /** 16 random bytes, hex. */
    nonce: text('nonce').notNull(),
    /** SHA-256 of the link's id, hex: how an accepted link is found. */
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_invitations_workspace_idx').on(t.workspaceId, t.permission)],
);

export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    order: integer('order').notNull(),
    createdAt: createdAt(),
    /** Issue #24: sources in the folder, kept by the triggers of sauce_folders (migration 0009). */
    itemCount: integer('item_count').notNull().default(0),
  },
  (t) => [uniqueIndex('folders_workspace_name_uq').on(t.workspaceId, t.name)],
);

export const sauces = pgTable(
  'sauces',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: sauceTypeEnum('type').notNull(),
    title: text('title').notNull().default(''),
    text: text('text'),
    link: text('link'),
    linkTitle: text('link_title').notNull().default(''),
    linkDescription: text('link_description').notNull().default(''),
    linkImage: text('link_image').notNull().default(''),
    /**
     * Issue #23: the link preview's state — null (no link, or nothing to fetch), 'pending'
     * (a background job fetches it), 'ready' or 'failed' (the card keeps the domain).
     */
    linkStatus: text('link_status'),
    thumbnail: text('thumbnail'),
    byteSize: integer('byte_size').notNull().default(0),
    isShareEnabled: boolean('is_share_enabled').notNull().default(false),
    shareId: text('share_id').unique(),
    // Issue #32 (migration 0022_boards): the share's expiry (null: never), password (lib/passwords.ts; null: none) and whether search engines may index its page.
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    sharePasswordHash: text('share_password_hash'),
    shareIndexable: boolean('share_indexable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue #8: what an imported source was made from (services/import); re-runs skip it. */
    importKey: text('import_key'),
    // Issue #10 (migration 0003_articles): a source saved from an article, and its AI summary.
    /** 'Sauce', or 'Article' for a source saved from the articles (SPEC §3 modeType). */
    modeType: text('mode_type').notNull().default('Sauce'),
    /** The article it was saved from; null once that article is deleted (the source stays). */
    articleId: integer('article_id').references((): AnyPgColumn => articles.id, { onDelete: 'set null' }),
    /** null (no summary asked), 'pending', 'ready', 'unavailable' or 'failed'. */
    summaryStatus: text('summary_status'),
    summary: text('summary'),
    /** 'extractive' or 'llm'. */
    summaryMethod: text('summary_method'),
    // Issue #21 item 2 (migration 0011_link_health): the link's health, checked weekly.
    /** When the link was last checked (null: never, or changed since). */
    linkCheckedAt: timestamp('link_checked_at', { withTimezone: true }),
    /** Checks in a row that found the link gone (404, 410, a name that no longer resolves). */
    linkFailures: smallint('link_failures').notNull().default(0),
    /** Gone three checks in a row: the card says so and the list's `broken` filter finds it. */
    linkBroken: boolean('link_broken').notNull().default(false),
    // Issue #21 item 1 (migration 0013_saved_text): the readable text of the linked page,
    // kept when the source is saved (services/link-copy.ts), searchable with the rest.
    /** null (no link, or captured by the extension), 'pending', 'ready', 'empty' (no readable text) or 'failed'. */
    copyStatus: text('copy_status'),
    /** The page's readable text (Readability), at most 100,000 characters. */
    copyText: text('copy_text'),
    copiedAt: timestamp('copied_at', { withTimezone: true }),
    /**
     * Issue #21 item 5 (migration 0016_link_key): the link normalised for finding duplicates
     * (services/duplicates.ts linkKey: scheme, `www.`, default port, trailing slash,
     * fragment and tracking parameters dropped, query sorted); null without a link.
     */
    linkKey: text('link_key'),
  },
  (t) => [
    // Issue #24: the list's order, so a page (and the next, by keyset) is read from the index.
    index('sauces_workspace_order_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sauces_author_idx').on(t.authorId),
    uniqueIndex('sauces_import_key_uq').on(t.workspaceId, t.importKey).where(sql`import_key IS NOT NULL`),
    // Issue #10: an article is saved once per space (a second save returns the same source).
    uniqueIndex('sauces_workspace_article_uq').on(t.workspaceId, t.articleId).where(sql`${t.articleId} IS NOT NULL`),
    index('sauces_article_idx').on(t.articleId).where(sql`${t.articleId} IS NOT NULL`),
    check('sauces_mode_type_values', sql`${t.modeType} IN ('Sauce', 'Article')`),
    check('sauces_summary_status_values', sql`${t.summaryStatus} IN ('pending', 'ready', 'unavailable', 'failed')`),
    check('sauces_link_status_values', sql`${t.linkStatus} IN ('pending', 'ready', 'failed')`),
    check('sauces_copy_status_values', sql`${t.copyStatus} IN ('pending', 'ready', 'empty', 'failed')`),
    // Issue #21: the sources waiting for their link's copy.
    index('sauces_copy_pending_idx').on(t.link).where(sql`${t.copyStatus} = 'pending'`),
    // Issue #23: the link's job finds the sources waiting for its preview.
    index('sauces_link_pending_idx').on(t.link).where(sql`${t.linkStatus} = 'pending'`),
    // Issue #21 item 2: the links due for a check, oldest check first; a space's broken links.
    index('sauces_link_check_idx').on(t.linkCheckedAt.nullsFirst()).where(sql`${t.link} IS NOT NULL`),
    index('sauces_broken_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()).where(sql`${t.linkBroken}`),
    // Issue #21 item 5: a space's sources saving a link (duplicates).
    index('sauces_link_key_idx').on(t.workspaceId, t.linkKey).where(sql`${t.linkKey} IS NOT NULL`),
  ],
);

/** PostgreSQL's `tsvector` (issue #21 search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What search reads of a source (issue #21 item 3), kept by triggers (migration 0010_search)
 * from its title, note, link title and description, AI summary, its images' comments and words
 * (issue #33: `imageAt`, where they start in `doc`, 1-based; null without any):
 * `doc` the text itself (at most 100,000 characters), `tsv` its English words as stems
 * (design finds designing), `grams` its Hangul syllables and syllable pairs (Korean words
 * match inside longer words: 최적화 finds 검색엔진최적화). Both indexes lead with the space
 * (btree_gin), so a search reads one space's entries only.
 */
export const sauceSearch = pgTable(
  'sauce_search',
  {
    sauceId: integer('sauce_id').primaryKey().references(() => sauces.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id').notNull(),
    doc: text('doc').notNull(),
    tsv: tsvector('tsv').notNull(),
    grams: text('grams').array().notNull(),
    imageAt: integer('image_at'),
  },
  (t) => [
    // A small space's search reads its few entries by this and checks each: a word common
    // across every space (its GIN posting list holds every space's) costs nothing then.
    index('sauce_search_workspace_idx').on(t.workspaceId),
    index('sauce_search_tsv_idx').using('gin', t.workspaceId, t.tsv),
    index('sauce_search_grams_idx').using('gin', t.workspaceId, t.grams),
  ],
);

export const sauceFolders = pgTable(
  'sauce_folders',
  {
    sauceId: integer('sauce_id').notNull().references(() => sauces.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').notNull().references(() => folders.id, { onDelete: 'cascade' }),
    /** Issue #24: the source's own created_at (never changes), set by a trigger: a folder's page is read in list order from its index. */
    sauceCreatedAt: timestamp('sauce_created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sauceId, t.folderId] }),
    index('sauce_folders_folder_order_idx').on(t.folderId, t.sauceCreatedAt.desc().nullsFirst(), t.sauceId.desc().nullsFirst()),
  ],
);

export const sauceTags = pgTable(
  'sauce_tags',
  {
    sauceId: integer('sauce_id').notNull().references(() => sauces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    /**
     * Issue #24: the source's space and created_at (neither changes), set by a trigger: a
     * tag's page in a space is read in list order, and counted, from one index.
     */
    workspaceId: integer('workspace_id').notNull().default(0),
    sauceCreatedAt: timestamp('sauce_created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sauceId, t.name] }),
    index('sauce_tags_name_idx').on(t.name),
    index('sauce_tags_space_order_idx').on(t.workspaceId, t.name, t.sauceCreatedAt.desc().nullsFirst(), t.sauceId.desc().nullsFirst()),
  ],
);

/** A person's own tag list (SPEC §7 Tags): created on use or by POST /archive/tag. */
export const tags = pgTable(
  'tags',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    favorite: boolean('favorite').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/**
 * An uploaded image (issue #3). Uploaded first (`sauceId` null: pending, only its uploader
 * may attach it), then attached to an image sauce at `position` when the sauce is saved.
 * Its files live in the FileStore under `storageKey/` (original, display.webp, thumb.webp).
 * A sauce's deletion detaches its images (SET NULL); pending images past their lifetime are
 * swept with their files (services/images.ts sweepImages).
 */
export const sauceImages = pgTable(
  'sauce_images',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sauceId: integer('sauce_id').references(() => sauces.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    /** Random folder of the image's files, e.g. `images/<32 hex>`. */
    storageKey: text('storage_key').notNull().unique(),
    /** File name of the original under storageKey, e.g. `original.jpg`. */
    originalName: text('original_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes stored for the image: original, display and thumbnail. */
    byteSize: integer('byte_size').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    /** Issue #21 item 4 (migration 0015_image_colours): up to 5 colours '#rrggbb', the largest share first (services/image-signature.ts);
     * null until read (older images: the 'image-signatures' job). Their OKLab cells are in sauce_colours. */
    palette: text('palette').array(),
    /** Issue #21 item 5: the 64-bit difference hash of the thumbnail (lib/colour.ts), null until read. */
    phash: bigint('phash', { mode: 'bigint' }),
    ...imageTextColumns(),
  },
  (t) => [
    index('sauce_images_sauce_idx').on(t.sauceId, t.position),
    index('sauce_images_pending_idx').on(t.uploaderId, t.createdAt).where(sql`sauce_id IS NULL`),
    // Issue #21 item 5: a space's saved images' hashes, read without the table (an upload's look for near-duplicates).
    index('sauce_images_phash_idx').on(t.workspaceId, t.phash, t.sauceId).where(sql`sauce_id IS NOT NULL AND phash IS NOT NULL`),
    ...imageTextExtras(t),
  ],
);

/**
 * Issue #21 item 4 (migration 0015_image_colours): each palette colour of an image, in
 * OKLab and its quantised cell (lib/colour.ts colourCell), so the colour filter of the source
 * list reads a colour's neighbouring cells from one index and checks the exact distance
 * there. `sauceId` and `sauceCreatedAt` follow the image's source (set by triggers: null
 * while the image is an unsaved upload), so matches come in list order.
 */
export const sauceColours = pgTable(
  'sauce_colours',
  {
    imageId: integer('image_id').notNull().references(() => sauceImages.id, { onDelete: 'cascade' }),
    /** 0–4: the palette's order (largest share first). */
    position: smallint('position').notNull(),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    sauceId: integer('sauce_id'),
    sauceCreatedAt: timestamp('sauce_created_at', { withTimezone: true }),
    cell: integer('cell').notNull(),
    l: doublePrecision('l').notNull(),
    a: doublePrecision('a').notNull(),
    b: doublePrecision('b').notNull(),
    /** Share of the image's pixels, 0–1. */
    share: doublePrecision('share').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.imageId, t.position] }),
    index('sauce_colours_cell_idx')
      .on(t.workspaceId, t.cell, t.sauceCreatedAt.desc(), t.sauceId.desc(), t.l, t.a, t.b)
      .where(sql`sauce_id IS NOT NULL`),
  ],
);

/** A comment pinned on an image at relative (x, y), 0–1 (issue #3); `parentId` makes it a reply. */
export const imageComments = pgTable(
  'image_comments',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id').notNull().references(() => sauceImages.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => imageComments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    message: text('message').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    createdAt: createdAt(),
    /**
     * Issue #22 (migration 0014_import_formats): the nickname of the comment's author as an
     * imported Sauce export names it (the comment is the importing person's); the export
     * writes it back, so a round trip keeps who wrote what.
     */
    importedAuthor: text('imported_author'),
  },
  (t) => [
    index('image_comments_image_idx').on(t.imageId, t.position),
    check('image_comments_x_range', sql`${t.x} >= 0 AND ${t.x} <= 1`),
    check('image_comments_y_range', sql`${t.y} >= 0 AND ${t.y} <= 1`),
  ],
);

// ---------------------------------------------------------------------------------------
// Issue #8: my page, account life, import/export (migration 0004_account.sql)
// ---------------------------------------------------------------------------------------

/** A notice written by an administrator (ADMIN_EMAILS), shown on /mypage/notice newest first. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Why people left (SPEC §3 Withdrawal reasons 1–6): the reason and the day, nothing linking to the person. */
export const withdrawalReasons = pgTable(
  'withdrawal_reasons',
  {
    id: serial('id').primaryKey(),
    reason: smallint('reason').notNull(),
    createdOn: date('created_on').notNull().default(sql`CURRENT_DATE`),
  },
  (t) => [check('withdrawal_reasons_reason_range', sql`${t.reason} BETWEEN 1 AND 6`)],
);

/**
 * Deleted accounts whose access tokens are refused until they would have expired anyway
 * (auth/revocations.ts). No foreign key: the user row is gone.
 */
export const revokedUsers = pgTable(
  'revoked_users',
  {
    userId: integer('user_id').primaryKey(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_users_revoked_at_idx').on(t.revokedAt)],
);

/**
 * An import of a bookmarks file into a space and folder (services/import/), worked by a
 * background job; its parsed entries are `import_entries` rows until the job finishes,
 * from its preview (status 'preview': read, nothing written, issue #22) on. With
 * `recreateFolders`, `folderMap` holds what each folder path of the file became (path key
 * → `{ id, name, path, status }`, services/import/folders.ts), decided when it started.
 * `fileKey` the uploaded ZIP of a Sauce export while its images are still needed. A job at
 * work holds a lease (issue #18, migration 0007_import_lease): `leaseToken` names the run,
 * `leaseUntil` is renewed every few seconds; a 'running' import whose lease lapsed was
 * interrupted (its process died) and is queued again (`attempts` counts those) or failed.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Issue #22: entries imported with a change (their report rows). */
    changed: integer('changed').notNull().default(0),
    recreateFolders: boolean('recreate_folders').notNull().default(false),
    folderMap: jsonb('folder_map'),
    /** Folders the file declares in their order, empty ones included (a Sauce export's), as paths. */
    fileFolders: jsonb('file_folders'),
    errorCode: text('error_code'),
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_user_idx').on(t.userId, t.createdAt.desc()),
    index('import_jobs_unfinished_idx').on(t.leaseUntil).where(sql`${t.status} IN ('queued', 'running')`),
    check('import_jobs_status', sql`${t.status} IN ('preview', 'queued', 'running', 'done', 'failed', 'cancelled')`),
  ],
);

/** An entry of an unfinished import, as the file gave it (services/import/parse.ts ImportEntry), by its place in the file. */
export const importEntries = pgTable(
  'import_entries',
  {
    jobId: integer('job_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    entry: jsonb('entry').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);

/**
 * A line of an import's report (issue #22): an entry that was not imported, and why
 * (`reason`, IMPORT_SKIP_REASONS), or one imported with a change (`imported`; `details` its
 * ImportChange list, `reason` 'changed'). `folder` is its folder path in the file.
 */
export const importSkips = pgTable(
  'import_skips',
  {
    jobId: integer('job_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    reason: text('reason').notNull(),
    imported: boolean('imported').notNull().default(false),
    details: jsonb('details'),
    folder: text('folder'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);

// ---------------------------------------------------------------------------------------
// Articles (issue #10, migration 0003_articles): curated articles by category and the RSS/Atom
// feeds that add to them. Sources saved from one are `sauces` rows (mode_type, article_id, summary).
// ---------------------------------------------------------------------------------------

/** An RSS or Atom feed a category is subscribed to; polled by the job queue (jobs/article-feed-fetch.ts). */
export const articleFeeds = pgTable(
  'article_feeds',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    /** The feed's own title, once read. */
    title: text('title').notNull().default(''),
    /** 1 design, 2 business, 3 development, 4 marketing (contract ARTICLE_CATEGORIES). */
    category: smallint('category').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'pending' (never polled), 'ok' or 'failing'. */
    status: text('status').notNull().default('pending'),
    /** A FEED_ERROR_CODES code of the last failed poll, with its message. */
    lastErrorCode: text('last_error_code'),
    lastError: text('last_error'),
    /** Failed polls in a row. */
    failureCount: integer('failure_count').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('article_feeds_category_range', sql`${t.category} BETWEEN 1 AND 4`),
    check('article_feeds_status_values', sql`${t.status} IN ('pending', 'ok', 'failing')`),
  ],
);

/**
 * A curated article (SPEC §3 Article). `canonicalUrl` (the link without tracking
 * parameters, fragment, `www.`, trailing slash) de-duplicates feeds, seeds and admins.
 * `summary*` caches the AI summary made for the first person who saved it, so later saves
 * get it at once. `sortAt` (published, else added) orders the lists.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    canonicalUrl: text('canonical_url').notNull().unique(),
    description: text('description').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    publisherUrl: text('publisher_url'),
    favicon: text('favicon'),
    thumbnail: text('thumbnail'),
    /** 'ko', 'en', or null when unknown. */
    language: text('language'),
    category: smallint('category').notNull(),
    /** Lowercase, at most 5. */
    tags: text('tags').array().notNull().default(sql`'{}'`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    /** 'seed', 'admin' or 'feed'. */
    source: text('source').notNull().default('admin'),
    feedId: integer('feed_id').references(() => articleFeeds.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    summary: text('summary'),
    summaryMethod: text('summary_method'),
    summarizedAt: timestamp('summarized_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull().generatedAlwaysAs(sql`COALESCE("published_at", "created_at")`),
  },
  (t) => [
    index('articles_list_idx').on(t.sortAt.desc(), t.id.desc()).where(sql`NOT ${t.hidden}`),
    index('articles_category_list_idx').on(t.category, t.sortAt.desc(), t.id.desc()).where(sql`NOT ${t.hidden}`),
    index('articles_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('articles_tags_idx').using('gin', t.tags),
    index('articles_feed_idx').on(t.feedId).where(sql`${t.feedId} IS NOT NULL`),
    check('articles_category_range', sql`${t.category} BETWEEN 1 AND 4`),
    check('articles_source_values', sql`${t.source} IN ('seed', 'admin', 'feed')`),
  ],
);

// ---------------------------------------------------------------------------------------
// Issue #20 (migration 0010_capture): personal access tokens, the browser extension's
// connection grants, and the saved copies of captured pages.
// ---------------------------------------------------------------------------------------

/**
 * A personal access token (auth/personal-tokens.ts): `Authorization: Bearer sauce_pat_…`.
 * Only the SHA-256 of the secret is kept; `scope` 'read' allows GET requests only. Deleted
 * when revoked, and with its person (a withdrawn account's tokens go with it).
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    /** SHA-256 of the whole token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Updated at most once a minute by the requests that use it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('personal_access_tokens_user_idx').on(t.userId),
    check('personal_access_tokens_scope_values', sql`${t.scope} IN ('read', 'write')`),
  ],
);

/**
 * A browser extension's connection, allowed by its person on the connect page (issue #20),
 * waiting for the extension to trade its verifier and the one-time code for a token (once,
 * within 10 minutes). `challenge` is base64url SHA-256 of the verifier (PKCE, RFC 7636).
 * Issue #28 item 5 (migration 0018_grant_code): a grant belongs to the person who allowed it
 * and is never reassigned — a challenge is allowed once; the code, handed by the page only
 * to the extension that opened it, is kept as its SHA-256; an exchanged grant is marked
 * `usedAt` and stays until it expires, so its challenge cannot be allowed again meanwhile.
 */
export const tokenGrants = pgTable('token_grants', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull().unique(),
  /** SHA-256 of the one-time code, hex. */
  codeHash: text('code_hash').notNull(),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the extension traded it for its token; null while it waits. */
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The saved copy of a captured page (issue #20): its files under `storageKey/` in the
 * FileStore — `snapshot.html` (when `snapshotBytes` is set) and the screenshot as an image's
 * three files (`screenshotName`, display.webp, thumb.webp, when `screenshotName` is set).
 * Deleted with its source (services/captures.ts deletes the files).
 */
export const sauceCaptures = pgTable('sauce_captures', {
  sauceId: integer('sauce_id').primaryKey().references(() => sauces.id, { onDelete: 'cascade' }),
  workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  /** Random folder of the files, `captures/<32 hex>`. */
  storageKey: text('storage_key').notNull().unique(),
  pageUrl: text('page_url'),
  snapshotBytes: integer('snapshot_bytes'),
  /** File name of the screenshot's original, e.g. `original.png`, or null. */
  screenshotName: text('screenshot_name'),
  width: integer('width'),
  height: integer('height'),
  color: text('color'),
  /** Bytes of every file of the saved copy. */
  byteSize: integer('byte_size').notNull(),
  createdAt: createdAt(),
}, (t) => [index('sauce_captures_workspace_idx').on(t.workspaceId)]);

/**
 * Issue #21: which process is reading a link now (services/link-read.ts claimed), so a link
 * saved in several processes at once is fetched once. A row lasts while its read runs and is
 * deleted after; one left by a process that died stops counting at `claimedUntil`.
 */
export const linkCopyClaims = pgTable('link_copy_claims', {
  /** md5 of the link (links may be longer than an index entry). */
  linkMd5: text('link_md5').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});
