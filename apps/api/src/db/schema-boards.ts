import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { folders, users, workspaces } from './schema.ts';

// Issue #32 (migration 0022_boards): boards, a folder shared as one public page. A file of its
// own beside schema.ts (which is at its line allowance, scripts/max-lines.json); drizzle-kit
// reads both (drizzle.config.ts).

/**
 * A folder's board (issue #32): its public link `/board/<shareId>` — 24 random bytes,
 * base64url, as a source's share id — on or off, with an expiry (null: never) and a password
 * (lib/passwords.ts: scrypt, its parameters in the string; null: none). One row per folder,
 * made when its board is first shared: turning the board off keeps the row and its id (the
 * link then answers 'This board is private'); turning it on again gives a new id, so an old
 * link never comes back. Goes with its folder (and so with its space).
 * `collageKey` is the FileStore key of its link preview's picture (`boards/<id>-<16 hex>.jpg`,
 * services/board-collage.ts), made from the folder's first four images, whose keys'
 * fingerprint is `collageOf`: a new picture when they change.
 */
export const folderShares = pgTable(
  'folder_shares',
  {
    id: serial('id').primaryKey(),
    folderId: integer('folder_id').notNull().unique().references(() => folders.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    shareId: text('share_id').notNull().unique(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    /** Search engines may index the board while it is open to everyone (default: `noindex`). */
    indexable: boolean('indexable').notNull().default(false),
    /** Who first shared it; null once they are gone (the board stays). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    collageKey: text('collage_key'),
    collageOf: text('collage_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folder_shares_workspace_idx').on(t.workspaceId)],
);
