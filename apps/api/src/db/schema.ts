import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const permissionEnum = pgEnum('permission', ['OWNER', 'EDITOR', 'READER']);
export const sauceTypeEnum = pgEnum('sauce_type', ['TEXT', 'IMAGE']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email'),
  nickname: text('nickname').notNull().unique(),
  profileImage: text('profile_image'),
  jobType: text('job_type').notNull().default('none'),
  agreeMarketing: boolean('agree_marketing').notNull().default(false),
  tutorial: boolean('tutorial').notNull().default(false),
  googleSub: text('google_sub').unique(),
  appleSub: text('apple_sub').unique(),
  devEmail: text('dev_email').unique(),
  createdAt: createdAt(),
});

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
  },
  (t) => [
    index('sauces_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
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
