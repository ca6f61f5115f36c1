import { LIMITS } from '@sauce/contract/limits';
import type { Reply } from '../src/messages.ts';
import { fetchAsDataUrl, takeSnapshot } from '../src/snapshot.ts';

/** A resource read as the page reads it, else by the extension (another origin without CORS). */
async function fetchResource(url: string, maxBytes: number): Promise<string | null> {
  const own = await fetchAsDataUrl(url, maxBytes).catch(() => null);
  if (own) return own;
  const reply = (await browser.runtime.sendMessage({ type: 'fetchResource', url, maxBytes }).catch(() => null)) as Reply<string | null> | null;
  return reply?.ok ? reply.value : null;
}

/**
 * Run in the page by the background when saving (issue #20): the page as self-contained
 * HTML, aiming a megabyte under the server's LIMITS.snapshotBytes.
 */
export default defineUnlistedScript(() =>
  takeSnapshot(document, { budgetBytes: LIMITS.snapshotBytes - 1024 * 1024, fetchResource }),
);
