import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
    /**
     * Bumped in the same transaction as every write that changes what the space's source
     * list shows (issue #9 item 12), by the triggers of migration 0005: lists carry it in
     * their ETag and cache key (services/list-cache.ts).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('workspaces_created_by_idx').on(t.createdBy)],
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
    thumbnail: text('thumbnail'),
    byteSize: integer('byte_size').notNull().default(0),
    isShareEnabled: boolean('is_share_enabled').notNull().default(false),
    shareId: text('share_id').unique(),
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
  },
  (t) => [
    index('sauces_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('sauces_author_idx').on(t.authorId),
    uniqueIndex('sauces_import_key_uq').on(t.workspaceId, t.importKey).where(sql`import_key IS NOT NULL`),
    // Issue #10: an article is saved once per space (a second save returns the same source).
    uniqueIndex('sauces_workspace_article_uq').on(t.workspaceId, t.articleId).where(sql`${t.articleId} IS NOT NULL`),
    index('sauces_article_idx').on(t.articleId).where(sql`${t.articleId} IS NOT NULL`),
    check('sauces_mode_type_values', sql`${t.modeType} IN ('Sauce', 'Article')`),
    check('sauces_summary_status_values', sql`${t.summaryStatus} IN ('pending', 'ready', 'unavailable', 'failed')`),
  ],
);

export const sauceFolders = pgTable(
  'sauce_folders',
  {
    sauceId: integer('sauce_id').notNull().references(() => sauces.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').notNull().references(() => folders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sauceId, t.folderId] }), index('sauce_folders_folder_idx').on(t.folderId)],
);

export const sauceTags = pgTable(
  'sauce_tags',
  {
    sauceId: integer('sauce_id').notNull().references(() => sauces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sauceId, t.name] }), index('sauce_tags_name_idx').on(t.name)],
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
  },
  (t) => [
    index('sauce_images_sauce_idx').on(t.sauceId, t.position),
    index('sauce_images_pending_idx').on(t.uploaderId, t.createdAt).where(sql`sauce_id IS NULL`),
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
 * background job. `entries` holds the parsed entries until the job finishes; `fileKey` the
 * uploaded ZIP of a Sauce export while its images are still needed.
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
    entries: jsonb('entries'),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_user_idx').on(t.userId, t.createdAt.desc()),
    check('import_jobs_status', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
  ],
);

/** An entry of an import that was not imported, and why (IMPORT_SKIP_REASONS). */
export const importSkips = pgTable(
  'import_skips',
  {
    jobId: integer('job_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);

// ---------------------------------------------------------------------------------------
// Articles (issue #10, migration 0003_articles): curated articles by category and the
// RSS/Atom feeds that add to them. Sources saved from an article are `sauces` rows
// (mode_type, article_id and the summary columns above).
// ---------------------------------------------------------------------------------------

/** An RSS or Atom feed a category is subscribed to; polled by the job queue (jobs/articles.ts). */
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
    sortAt: timestamp('sort_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE("published_at", "created_at")`),
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
