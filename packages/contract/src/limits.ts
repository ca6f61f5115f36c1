/**
 * Business constants and limits, SPEC §9 (beta plan) and §5 (validation).
 * Shared by the API (enforcement) and the web app (input limits, warnings).
 */
export const LIMITS = {
  /** SPEC §9: folders per workspace in the beta plan. */
  foldersPerWorkspace: 5,
  /** SPEC §9: sources per workspace in the beta plan. */
  saucesPerWorkspace: 100,
  /** SPEC §9: members of one space in the beta plan (the owner included). */
  membersPerWorkspace: 5,
  /** SPEC §9: team spaces one person may create in the beta plan (their personal space not counted). */
  workspacesPerUser: 2,
  /** SPEC §9: characters in a space name. */
  workspaceNameLength: 15,
  /** SPEC §5/§9: bytes of a profile or space image, 5.0MB (5 × 1,048,576). */
  avatarBytes: 5_242_880,
  /** SPEC §9: an invite link is valid for 1 week, ms. */
  invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** SPEC §9: characters in a folder name. */
  folderNameLength: 15,
  /** SPEC §9: characters in a nickname. */
  nicknameLength: 15,
  /** SPEC §9: characters in a tag. */
  tagLength: 15,
  /** SPEC §9: tags on one source. */
  tagsPerSauce: 5,
  /** SPEC §9: tags in the dashboard filter. */
  tagsInFilter: 3,
  /** SPEC §5: characters in an image source title. */
  imageTitleLength: 60,
  /** Text source title: not given by SPEC; 100 characters keeps cards readable. */
  textTitleLength: 100,
  /** Text source body: not given by SPEC; 20,000 characters. */
  textLength: 20_000,
  /** Longest accepted link, characters (the common browser/server limit). */
  linkLength: 2_048,
  /** SPEC §9: default tag list page size. */
  tagPageSize: 100,
  /** SPEC §9: sauce list page size. */
  saucePageSize: 100,
  /** SPEC §9: metadata cache lifetime, ms. */
  metadataCacheMs: 3_600_000,
  /** SPEC §9: toast lifetime, ms. */
  toastMs: 2_000,
  /** SPEC §9: folder count badge shows 999+ at this count. */
  folderBadgeMax: 999,
  /** SPEC §9: images on one image source. */
  imagesPerSauce: 10,
  /** SPEC §9: comments (replies included) on one image. */
  commentsPerImage: 10,
  /** Characters in one image comment: not given by SPEC; 500 keeps pins' lists readable. */
  commentLength: 500,
  /**
   * Bytes of one uploaded source image: 20 MB (20 × 1,048,576 = 20,971,520 bytes). SPEC §5's
   * Korean message says 20MB, its English one 1.5MB; issue #3 settles on the Korean figure.
   */
  imageBytes: 20_971_520,
  /** Pixels (width × height) of one uploaded image: a decoded bomb is refused before decoding. */
  imagePixels: 50_000_000,
  /** Frames of one animated image (GIF, WebP): more is refused before decoding (issue #9). */
  imageFrames: 1_000,
  /** Unsaved uploads a person may hold at once (uploaded, not yet saved into a source). */
  pendingUploads: 100,
  /** SPEC §5/§9: bytes a draft may take in local storage. */
  draftBytes: 5_000_000,
  /** Issue #8: bytes of one import file, 50 MB (50 × 1,048,576); a 60 MB file is refused. */
  importBytes: 52_428_800,
  /** Issue #8: entries (bookmarks, rows, sources) in one import file. */
  importEntries: 10_000,
  /**
   * Issue #20: bytes of one saved copy's HTML snapshot, 20 MB (20 × 1,048,576). The extension
   * leaves out what would pass it (large images first); the server refuses a larger one (413).
   */
  snapshotBytes: 20_971_520,
  /** Issue #20: personal access tokens one person may hold at once. */
  personalTokens: 50,
  /** Issue #20: characters in a personal access token's name. */
  tokenNameLength: 60,
  /** Issue #20: days a personal access token may be made to last at most (none: until revoked). */
  tokenMaxDays: 365,
  /** Issue #20: how long a browser extension's connection request waits to be allowed, ms (10 minutes). */
  tokenGrantTtlMs: 10 * 60 * 1000,
} as const;

/**
 * SPEC §5: a tag is 1–15 Korean letters, English letters or digits — not the Hangul fillers
 * (U+115F, U+1160, U+3164, U+FFA0), which are Hangul but show nothing (issue #9).
 */
export const TAG_PATTERN = /^(?:(?![\u115F\u1160\u3164\uFFA0])[\p{Script=Hangul}A-Za-z0-9]){1,15}$/u;

/**
 * Length as SPEC §5 counts it: characters (code points, so a Korean syllable or an emoji is
 * one), line breaks not counted. The web app's counters and the server's limits both use it.
 */
export const countedLength = (s: string) => Array.from(s.replace(/[\r\n]/g, '')).length;

/** Refinement: at most `max` characters as {@link countedLength} counts them. */
export const maxCounted = (max: number) => [(s: string) => countedLength(s) <= max, `At most ${max} characters`] as const;

/**
 * The limits an installation sets (issue #22: the plan is the operator's; config PLAN_*):
 * sources and folders per space, members of a space (the owner included), team spaces a
 * person may create. Null: unlimited. SPEC §9's beta plan is the default ({@link BETA_PLAN}).
 */
export interface Plan {
  sources: number | null;
  folders: number | null;
  members: number | null;
  spaces: number | null;
}

/** Whether `count` things reach a plan limit (null: unlimited, never). */
export const reached = (count: number, limit: number | null) => limit !== null && count >= limit;

/** SPEC §9's beta plan: 100 sources, 5 folders and 5 members a space, 2 team spaces a person. */
export const BETA_PLAN: Plan = Object.freeze({
  sources: LIMITS.saucesPerWorkspace,
  folders: LIMITS.foldersPerWorkspace,
  members: LIMITS.membersPerWorkspace,
  spaces: LIMITS.workspacesPerUser,
});
