import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Tests: the file's tests run in time zone `zone` (IANA, e.g. 'Asia/Seoul'), the person's
 * local time zone as Date and Intl see it, whatever the machine's; restored after them.
 */
export function inTimeZone(zone: string) {
  beforeAll(() => {
    vi.stubEnv('TZ', zone);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}
