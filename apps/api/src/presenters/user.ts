import type { User } from '@sauce/contract/auth';
import { JOB_TYPES } from '@sauce/contract/auth';
import type { users } from '../db/schema.ts';

/**
 * users row → SPEC §3 User; every field named (nothing leaks when a column is added).
 * `isAdmin` says whether the person is an administrator (config ADMIN_EMAILS).
 */
export function presentUser(u: typeof users.$inferSelect, isAdmin: boolean): User {
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    profileImage: u.profileImage,
    jobType: (JOB_TYPES as readonly string[]).includes(u.jobType) ? (u.jobType as User['jobType']) : 'none',
    agreeMarketing: u.agreeMarketing,
    tutorial: u.tutorial,
    isAdmin,
  };
}
