import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits, when less than `roomMs` (default 5,000 ms) is left of the current fixed window of
 * `windowMs` ms, for the next window to begin, so that the calls a test makes next all count
 * in one window of `SharedState.hit` (lib/shared-state.ts: windows start at multiples of
 * `windowMs`, and a count starts again with each). Without it, a test that straddles the
 * boundary sees up to twice the limit pass.
 */
export async function startOfRoomyWindow(windowMs: number, roomMs = 5_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < roomMs) await sleep(left + 10);
}
