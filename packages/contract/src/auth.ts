import { z } from 'zod';
import { zText } from './common.ts';
import { LIMITS, maxCounted } from './limits.ts';

export const JOB_TYPES = [
  'none',
  'Product Designer',
  'UXUI Designer',
  'Designer',
  'Service Planner',
  'Product Manager',
  'Developer',
] as const;

/** SPEC §3 Sign-in tokens: returned by every sign-in for API clients. */
export const zTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** GET /auth/config: the sign-in ways this server offers; a provider is null when not configured. */
export const zAuthConfig = z.object({
  devLogin: z.boolean(),
  google: z.object({ clientId: z.string() }).nullable(),
  apple: z.object({ clientId: z.string() }).nullable(),
});
export type AuthConfig = z.infer<typeof zAuthConfig>;
export type Tokens = z.infer<typeof zTokens>;

/** SPEC §3 User. */
export const zUser = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  nickname: z.string(),
  profileImage: z.string().nullable(),
  jobType: z.enum(JOB_TYPES),
  agreeMarketing: z.boolean(),
  tutorial: z.boolean(),
  /** An administrator (ADMIN_EMAILS): manages curated articles and notices. */
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof zUser>;
/** GET /auth/session: the signed-in person, or null (200 either way, issue #8). */
export const zSession = z.object({ user: zUser.nullable() });
export type Session = z.infer<typeof zSession>;

export const zDevSignIn = z.object({
  email: z.email().max(254),
  nickname: zText().trim().min(1).refine(...maxCounted(LIMITS.nicknameLength)).optional(),
});

export const zGoogleSignUp = z.object({
  token: z.string().min(1).max(8192),
  agreeMarketing: z.boolean().default(false),
});

export const zAppleUser = z.object({
  idToken: z.string().min(1).max(8192),
  agreeMarketing: z.boolean().default(false),
});

export const zAppleSignIn = zAppleUser.pick({ idToken: true });

/**
 * POST /auth/apple/signup (issue #31 item 4): completes the sign-up of a person new to Sauce
 * whom Apple's web flow sent to the terms step; the verified identity is in the pending
 * sign-up cookie, the body carries the marketing choice of the terms (SPEC §4 Terms).
 */
export const zApplePendingSignUp = z.object({ agreeMarketing: z.boolean().default(false) });

export const zRefreshBody = z.object({ refresh: z.string().min(1).max(512).optional() });
