import type { User } from '@sauce/contract/auth';
import { JOB_TYPES } from '@sauce/contract/auth';
import type { users } from '../db/schema.ts';
import type { UrlSigner } from '../storage/signed-url.ts';

/** One UTC day, ms. */
const DAY_MS = 86_400_000;
/** Signed URLs remembered per signer (a list page names the same few authors again and again). */
const CACHE_ENTRIES = 10_000;
const urlCaches = new WeakMap<UrlSigner, { day: number; urls: Map<string, string> }>();

/**
 * A person's profile image as the API shows it (issue #8): the stored FileStore key
 * (`avatars/<32 hex>.webp`) → its signed URL; an absolute http(s) URL is passed on as it is;
 * anything else (none) → null. A signed URL stays the same all day (storage/signed-url.ts),
 * so each key is signed once a day per process, not once per card of every list.
 */
export function profileImageUrl(urls: UrlSigner, stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (!stored.startsWith('avatars/')) return /^https?:\/\//.test(stored) ? stored : null;
  const day = Math.floor(Date.now() / DAY_MS);
  let cache = urlCaches.get(urls);
  if (!cache || cache.day !== day) urlCaches.set(urls, (cache = { day, urls: new Map() }));
  let url = cache.urls.get(stored);
  if (url === undefined) {
    if (cache.urls.size >= CACHE_ENTRIES) cache.urls.clear();
    url = urls.url(stored);
    cache.urls.set(stored, url);
  }
  return url;
}

/**
 * users row → SPEC §3 User; every field named (nothing leaks when a column is added).
 * `isAdmin` says whether the person is an administrator (config ADMIN_EMAILS); `urls`
 * signs the profile image's URL.
 */
export function presentUser(u: typeof users.$inferSelect, isAdmin: boolean, urls: UrlSigner): User {
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    profileImage: profileImageUrl(urls, u.profileImage),
    jobType: (JOB_TYPES as readonly string[]).includes(u.jobType) ? (u.jobType as User['jobType']) : 'none',
    agreeMarketing: u.agreeMarketing,
    tutorial: u.tutorial,
    isAdmin,
  };
}
