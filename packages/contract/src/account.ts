import { z } from 'zod';
import { zBodyId, zId, zText } from './common.ts';
import { JOB_TYPES } from './auth.ts';
import { countedLength, LIMITS } from './limits.ts';

// ---------------------------------------------------------------------------------------
// Nickname (SPEC §5): 1–15 characters, no spaces or emojis, unique ignoring case
// ---------------------------------------------------------------------------------------

/** Spaces of any kind: the ASCII space, tabs, line breaks, and every Unicode separator. */
const SPACE = /[\s\p{Z}]/u;
/**
 * Emoji and pictographs: anything Unicode marks Extended_Pictographic (😀, ❤, ✈, ©…),
 * regional-indicator flags, skin-tone modifiers, the emoji variation selector and the
 * keycap mark (1️⃣).
 */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\uFE0F\u20E3]/u;
/**
 * Characters that take no visible room: controls and format characters (zero-width
 * space and joiners, bidi marks, soft hyphen…), and the Hangul and Braille fillers that
 * render as blank.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Why a nickname is refused; the web app words each one. */
export type NicknameProblem = 'empty' | 'tooLong' | 'space' | 'emoji' | 'invisible';

/** A nickname as stored: NFC-normalised, surrounding spaces trimmed. */
export const normalizeNickname = (s: string) => s.normalize('NFC').trim();

/**
 * The problem with `raw` as a nickname (SPEC §5: 1–15 characters as SPEC counts them,
 * no spaces or emojis; invisible characters count as spaces), or null when it is fine.
 * Surrounding spaces are trimmed first, so only spaces inside a name are refused.
 * The API and the web app's form use this one function.
 */
export function nicknameProblem(raw: string): NicknameProblem | null {
  const s = normalizeNickname(raw);
  if (s === '') return 'empty';
  if (SPACE.test(s)) return 'space';
  if (EMOJI.test(s)) return 'emoji';
  if (INVISIBLE.test(s)) return 'invisible';
  if (countedLength(s) > LIMITS.nicknameLength) return 'tooLong';
  return null;
}

// ---------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------

/**
 * PATCH /auth/profile (SPEC §7 Auth, §2 EditUserInformation): any of the fields. The
 * nickname is checked by the server with {@link nicknameProblem} (400 NICKNAME_INVALID with
 * `details.reason`) and for uniqueness ignoring case (400 NICKNAME_EXISTS, SPEC §5/§8).
 */
export const zUpdateProfile = z
  .object({
    nickname: zText().max(256).optional(),
    jobType: z.enum(JOB_TYPES).optional(),
    agreeMarketing: z.boolean().optional(),
    /** The first-visit walkthrough was finished or dismissed (SPEC §3 User.tutorial). */
    tutorial: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Send at least one field');
export type UpdateProfile = z.input<typeof zUpdateProfile>;

/** GET /auth/profile/count: the figures of /mypage/profile. */
export const zProfileCount = z.object({
  /** Sources the person wrote, in spaces they are a member of. */
  sauceCount: z.number().int(),
  textSauceCount: z.number().int(),
  imageSauceCount: z.number().int(),
  /** Spaces they are a member of, their personal space included. */
  workspaceCount: z.number().int(),
  /** Their tags. */
  tagCount: z.number().int(),
});
export type ProfileCount = z.infer<typeof zProfileCount>;

// ---------------------------------------------------------------------------------------
// Withdrawal (SPEC §2 WithdrawalSurvey, §3 Withdrawal reasons, §5)
// ---------------------------------------------------------------------------------------

/** SPEC §3: withdrawal reasons are a fixed list numbered 1 to 6 (the web app words them). */
export const WITHDRAWAL_REASONS = [1, 2, 3, 4, 5, 6] as const;

/** POST /auth/withdrawal: one reason is required (SPEC §5). */
export const zWithdrawal = z.object({
  reason: z
    .number()
    .int()
    .refine((n) => (WITHDRAWAL_REASONS as readonly number[]).includes(n), 'Pick one reason from 1 to 6'),
});

const zSpaceRef = z.object({ id: z.number().int(), name: z.string() });

/** GET /auth/withdrawal: what leaving would delete, leave behind, and what stands in the way. */
export const zWithdrawalPreview = z.object({
  /** The person's sources (every space), deleted with their images. */
  sauceCount: z.number().int(),
  /** Spaces deleted with the account: the personal space, and team spaces with no other member. */
  deletedWorkspaces: z.array(zSpaceRef),
  /** Spaces the person simply leaves: another owner stays. */
  leftWorkspaces: z.array(zSpaceRef),
  /**
   * Spaces the person is the only owner of while others are members: withdrawal is refused
   * (409 OWNS_SHARED_SPACES) until they make another member an owner or remove the others.
   */
  blockingWorkspaces: z.array(zSpaceRef.extend({ memberCount: z.number().int() })),
});
export type WithdrawalPreview = z.infer<typeof zWithdrawalPreview>;

// ---------------------------------------------------------------------------------------
// Notices (SPEC §2 /mypage/notice): written by administrators (ADMIN_EMAILS)
// ---------------------------------------------------------------------------------------

/** A notice title: 1–100 characters. */
export const NOTICE_TITLE_LENGTH = 100;
/** A notice body: 1–5,000 characters (line breaks not counted, SPEC §5). */
export const NOTICE_BODY_LENGTH = 5_000;

export const zNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** Published after the reader last opened the notice page. */
  isNew: z.boolean(),
});
export type Notice = z.infer<typeof zNotice>;

/** POST /notice and PATCH /notice/{id} (administrators). */
export const zNoticeInput = z.object({
  title: zText()
    .transform((s) => s.replace(/[\r\n]/g, ' ').trim())
    .pipe(z.string().min(1).refine((s) => countedLength(s) <= NOTICE_TITLE_LENGTH, `At most ${NOTICE_TITLE_LENGTH} characters`)),
  body: zText()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).refine((s) => countedLength(s) <= NOTICE_BODY_LENGTH, `At most ${NOTICE_BODY_LENGTH} characters`)),
});
export type NoticeInput = z.input<typeof zNoticeInput>;

/** GET /notice/unread: how many notices the person has not seen (the avatar menu's dot). */
export const zNoticeUnread = z.object({ count: z.number().int() });
export type NoticeUnread = z.infer<typeof zNoticeUnread>;

// ---------------------------------------------------------------------------------------
// Tag management (/mypage/tags)
// ---------------------------------------------------------------------------------------

/** A tag with how many of the person's sources carry it. */
export const zTagUsage = z.object({
  name: z.string(),
  favorite: z.boolean(),
  /** The person's own sources with this tag, in spaces where they may still edit. */
  useCount: z.number().int(),
});
export type TagUsage = z.infer<typeof zTagUsage>;

/** GET /archive/tag/usage: a page of tags, favorites first, then by name. */
export const zTagUsageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(200),
  search: zText().max(15).optional(),
});

// ---------------------------------------------------------------------------------------
// Import and export (issue #8 "Your data")
// ---------------------------------------------------------------------------------------

/**
 * Formats an import file may be in (issue #22), each recognised by its shape — never its
 * name, never one key alone. `bookmarks-html` is the Netscape bookmarks file of every browser
 * (Chrome, Edge, Firefox, Safari, Internet Explorer) and service (Google Bookmarks,
 * Raindrop, Pinboard, Delicious, Shaarli, Scuttle, LinkAce, linkding, Karakeep, Linkwarden…).
 */
export const IMPORT_FORMATS = [
  'bookmarks-html',
  'chrome-json',
  'firefox-json',
  'pocket-csv',
  'pocket-html',
  'instapaper-csv',
  'instapaper-html',
  'raindrop-csv',
  'pinboard-json',
  'delicious-json',
  'karakeep-json',
  'linkwarden-json',
  'omnivore-json',
  'omnivore-zip',
  'wallabag-json',
  'readability-json',
  'sauce-export',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What each format is called (product names: the same in every language). */
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  'bookmarks-html': 'Bookmarks HTML (Chrome, Edge, Firefox, Safari, Internet Explorer, Google Bookmarks, Raindrop, Pinboard, Delicious, Shaarli, Scuttle, LinkAce, linkding, Karakeep, Linkwarden)',
  'chrome-json': 'Chrome or Edge “Bookmarks” file (JSON)',
  'firefox-json': 'Firefox bookmarks backup (JSON)',
  'pocket-csv': 'Pocket export (CSV)',
  'pocket-html': 'Pocket export (HTML)',
  'instapaper-csv': 'Instapaper export (CSV)',
  'instapaper-html': 'Instapaper export (HTML)',
  'raindrop-csv': 'Raindrop export (CSV)',
  'pinboard-json': 'Pinboard export (JSON)',
  'delicious-json': 'Delicious export (JSON)',
  'karakeep-json': 'Karakeep export (JSON)',
  'linkwarden-json': 'Linkwarden backup (JSON)',
  'omnivore-json': 'Omnivore export (JSON)',
  'omnivore-zip': 'Omnivore export (ZIP)',
  'wallabag-json': 'wallabag export (JSON)',
  'readability-json': 'Readability export (JSON)',
  'sauce-export': 'Sauce export (ZIP or JSON)',
};

/**
 * Where an import is: 'preview' (read, nothing written; the person looks and chooses),
 * 'queued' and 'running' (being written), 'done', 'failed', 'cancelled' (what was written
 * before the cancel stays).
 */
export const IMPORT_STATUSES = ['preview', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Why an entry of an import file was not imported. */
export const IMPORT_SKIP_REASONS = [
  /** Already in the space (same link, or imported before). */
  'duplicate',
  /** The same link again in the file: its folders and tags were added to the first one. */
  'merged',
  /** The space is at its plan limit of sources. */
  'limit',
  /** Not an http(s) link (`javascript:`, `place:`, `data:`, `file:`…) or a malformed one. */
  'invalidLink',
  /** Neither a link nor any text. */
  'empty',
  /** A file (image, PDF) the export names but does not carry. */
  'fileMissing',
  /** An image source whose image files are missing or unreadable. */
  'invalidImage',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/**
 * What was changed in an entry to fit Sauce's rules (SPEC §5, §9) or the plan, listed in
 * the import's report: a title or note cut to its length; a tag cleaned (`from` → `to`:
 * letters and digits kept, lower case, 15 characters) or left out (`tag`, `why`: no letter
 * or digit, or past the 5th); a date left out (`value`: before 1990, in the future or
 * unreadable — the source then dates from the import); a folder recreated under another
 * name (`from` the path in the file → `to`), or not created (`folder`: the plan's folders
 * are all used).
 */
export const zImportChange = z.discriminatedUnion('code', [
  z.object({ code: z.literal('titleCut'), length: z.number().int() }),
  z.object({ code: z.literal('textCut'), length: z.number().int() }),
  z.object({ code: z.literal('tagCleaned'), from: z.string(), to: z.string() }),
  z.object({ code: z.literal('tagDropped'), tag: z.string(), why: z.enum(['noLetters', 'overFive']) }),
  z.object({ code: z.literal('dateDropped'), value: z.string() }),
  z.object({ code: z.literal('folderRenamed'), from: z.string(), to: z.string() }),
  z.object({ code: z.literal('folderNotCreated'), folder: z.string() }),
  z.object({ code: z.literal('imageReencoded') }),
]);
export type ImportChange = z.infer<typeof zImportChange>;

/**
 * POST /account/import: the multipart form's text fields (the file is `file`). With
 * `preview` 'true' the file is read and kept for a preview (nothing written; the web app's
 * way); otherwise it is imported at once into `workspace` — into `folder` when given, else
 * into the file's own folders, recreated (`recreateFolders` 'false': none).
 */
export const zImportForm = z.object({
  workspace: zId,
  folder: zId.optional(),
  /** What the person says the file is; refused when its content says otherwise. */
  format: z.enum(IMPORT_FORMATS).optional(),
  preview: z.enum(['true', 'false']).optional(),
  recreateFolders: z.enum(['true', 'false']).optional(),
});

/** POST /account/import/{id}/start: where the previewed file goes. */
export const zImportStart = z.object({
  workspace: zBodyId,
  /** A folder of that space for every entry (only when folders are not recreated). */
  folder: zBodyId.nullish(),
  /** The file's folders become the space's folders ('Parent / Child', see the preview). */
  recreateFolders: z.boolean().default(true),
});
export type ImportStart = z.input<typeof zImportStart>;

/** GET /account/import/{id}/preview: for which space, recreating folders or not. */
export const zImportPreviewQuery = z.object({
  workspace: zId,
  recreateFolders: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});

/** One folder of the file as the preview shows it. */
export const zImportPreviewFolder = z.object({
  /** The folder's path in the file, 'Parent / Child'. */
  path: z.string(),
  /** Its name in Sauce (15 characters at most: see the shortening rule). */
  name: z.string(),
  /** 'existing': the space has a folder of that name, its entries go in; 'new': created; 'overLimit': not created (plan). */
  status: z.enum(['existing', 'new', 'overLimit']),
  /** Entries of the file in it, and of those, entries that will be imported. */
  entries: z.number().int(),
  importing: z.number().int(),
});
export type ImportPreviewFolder = z.infer<typeof zImportPreviewFolder>;

/**
 * What an import would do in a space, before anything is written (issue #22 item 3): how
 * many entries will come in, which are skipped and why (counts by reason, plan limit
 * included), the folders it would recreate, and the plan in force.
 */
export const zImportPreview = z.object({
  id: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  total: z.number().int(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  recreateFolders: z.boolean(),
  /** The installation's limits (null: unlimited), and what the space holds now. */
  plan: z.object({ sources: z.number().int().nullable(), folders: z.number().int().nullable() }),
  sourcesInSpace: z.number().int(),
  foldersInSpace: z.number().int(),
  /** Entries that will become sources. */
  importing: z.number().int(),
  /** Entries that will not, by reason (`limit`: what the plan stops). */
  skipped: z.array(z.object({ reason: z.enum(IMPORT_SKIP_REASONS), count: z.number().int() })),
  /** Entries that will come in with a change (a tag cleaned, a title cut…), listed in the report. */
  changed: z.number().int(),
  folders: z.array(zImportPreviewFolder),
  /** Entries in no folder of the file. */
  unfiled: z.number().int(),
});
export type ImportPreview = z.infer<typeof zImportPreview>;

/** An import as GET /account/import/{id} reports it. */
export const zImportJob = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  workspace: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  folder: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  recreateFolders: z.boolean(),
  /** Entries in the file. */
  total: z.number().int(),
  /** Entries looked at so far. */
  processed: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** Entries imported with a change (listed in the report with the skipped ones). */
  changed: z.number().int(),
  /** Why the job failed (an error code), or null. */
  errorCode: z.string().nullable(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof zImportJob>;

/** One entry that was not imported. */
export const zImportSkip = z.object({
  title: z.string(),
  url: z.string().nullable(),
  reason: z.enum(IMPORT_SKIP_REASONS),
});
export type ImportSkip = z.infer<typeof zImportSkip>;

// ---------------------------------------------------------------------------------------
// Sauce's own export (sauce-export.json inside the ZIP)
// ---------------------------------------------------------------------------------------

/** The `format` value of Sauce's export document. */
export const SAUCE_EXPORT_FORMAT = 'sauce-export';
/** Version of the document written today. */
export const SAUCE_EXPORT_VERSION = 1;
/** The document's path inside the ZIP. */
export const SAUCE_EXPORT_FILE = 'sauce-export.json';

const zExportComment = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  message: z.string(),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  author: z.string(),
  createdAt: z.string(),
});

const zExportSauce = z.object({
  id: z.number().int(),
  type: z.enum(['TEXT', 'IMAGE']),
  title: z.string(),
  text: z.string().nullable(),
  link: z.string().nullable(),
  linkTitle: z.string().default(''),
  linkDescription: z.string().default(''),
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tags: z.array(z.string()),
  folders: z.array(z.number().int()),
  images: z.array(
    z.object({
      /** The original's path inside the ZIP, e.g. `images/12/345-1.jpg`. */
      file: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      comments: z.array(zExportComment),
      /** Issue #33: the words read in it, in reading order ('' when it holds none); absent while not read, or when it could not be. */
      text: z.string().optional(),
    }),
  ),
  /** Issue #20: the saved copy of a page saved by the browser extension — paths inside the ZIP of its snapshot
   * (`saved/<space>/<source>/snapshot.html`) and screenshot — or absent. */
  savedCopy: z
    .object({
      pageUrl: z.string().nullable(),
      capturedAt: z.string(),
      snapshot: z.string().nullable(),
      screenshot: z.string().nullable(),
    })
    .optional(),
});
export type ExportSauce = z.infer<typeof zExportSauce>;

/**
 * Sauce's export document (version 1): every space the person could read, with its
 * folders and sources (text, links, tags, folders; image sources with their comments and
 * the path of each original image in the ZIP), and the person's tags.
 */
export const zSauceExport = z.object({
  format: z.literal(SAUCE_EXPORT_FORMAT),
  version: z.literal(SAUCE_EXPORT_VERSION),
  exportedAt: z.string(),
  account: z.object({ nickname: z.string(), jobType: z.string() }),
  tags: z.array(z.object({ name: z.string(), favorite: z.boolean() })),
  workspaces: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      isPersonal: z.boolean(),
      permission: z.string(),
      folders: z.array(z.object({ id: z.number().int(), name: z.string(), order: z.number().int() })),
      sauces: z.array(zExportSauce),
    }),
  ),
});
export type SauceExport = z.infer<typeof zSauceExport>;

// ---------------------------------------------------------------------------------------
// The app's links (SPEC §1, §2 Sidebar), from the server's configuration
// ---------------------------------------------------------------------------------------

/** GET /app/config: the plan and the external links; a link is null when the operator turned it off (then not shown). */
export const zAppConfig = z.object({
  /** The installation's plan (issue #22; null limits: unlimited). */
  plan: z.object({
    sources: z.number().int().nullable(),
    folders: z.number().int().nullable(),
    members: z.number().int().nullable(),
    spaces: z.number().int().nullable(),
  }),
  links: z.object({
    feedback: z.string().nullable(),
    android: z.string().nullable(),
    ios: z.string().nullable(),
    plugin: z.string().nullable(),
  }),
});
export type AppConfig = z.infer<typeof zAppConfig>;
