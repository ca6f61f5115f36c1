/**
 * Waits until `ok()` holds, polling every `everyMs` (default 20 ms), at most `ms` (default
 * 10,000 ms). @throws Error naming `what` when it does not hold in time.
 */
export async function until(what: string, ok: () => Promise<boolean> | boolean, ms = 10_000, everyMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
