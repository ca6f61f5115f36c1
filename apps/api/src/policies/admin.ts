import type { Config } from '../config.ts';

/**
 * Whether `email` is an administrator's (config ADMIN_EMAILS, compared without case): they
 * curate articles and write notices. Routes declare it (`config: { admin: true }`,
 * policies/authorize.ts); the profile's `isAdmin` says it.
 */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string | null | undefined): boolean {
  return !!email && config.adminEmails.has(email.toLowerCase());
}
