import type { Sauce } from '@sauce/contract/sauces';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { inTimeZone } from '../../../test/time-zone.ts';
import { SavedCopy } from './saved-copy.tsx';

const SNAPSHOT = '/saved/captures/0123456789abcdef0123456789abcdef/snapshot.html?exp=1&sig=x';
const savedCopy = {
  pageUrl: 'https://example.com/pricing',
  capturedAt: '2026-11-01T00:00:00.000Z',
  snapshotUrl: SNAPSHOT,
  snapshotBytes: 1000,
  screenshotUrl: null,
  screenshotThumbnailUrl: null,
  byteSize: 1000,
} satisfies NonNullable<Sauce['savedCopy']>;

beforeAll(() => initI18n('en'));
afterEach(cleanup);
inTimeZone('Asia/Seoul');

describe('SavedCopy (issue #20, issue #28 item 6)', () => {
  it("says when and where it was saved, the date as cards write it in the person's time zone (issue #31 item 13)", () => {
    // 15:10 UTC on 31 October is 00:10 on 1 November in Seoul.
    const late = { ...savedCopy, capturedAt: '2026-10-31T15:10:00.000Z' };
    render(<SavedCopy sauce={{ savedCopy: late }} />);
    expect(screen.getByText(/^Saved 2026\.11\.01 from example\.com · /)).toBeTruthy();
    cleanup();
    render(<SavedCopy sauce={{ savedCopy: { ...late, pageUrl: null } }} />);
    expect(screen.getByText(/^Saved 2026\.11\.01 · /)).toBeTruthy();
    cleanup();
    initI18n('ko');
    try {
      render(<SavedCopy sauce={{ savedCopy: late }} />);
      expect(screen.getByText(/^2026\.11\.01 example\.com에서 저장 · /)).toBeTruthy();
    } finally {
      initI18n('en');
    }
  });

  it('frames the snapshot from /saved with no sandbox permission and no referrer, and opens it in its own tab without an opener', () => {
    render(<SavedCopy sauce={{ savedCopy }} />);
    const frame = screen.getByTitle('Saved copy of the page');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(SNAPSHOT);
    // An empty sandbox: no script, no same origin, no popup, no navigation of the app.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const open = screen.getByRole('link', { name: /Open the saved copy/ });
    expect(open.getAttribute('href')).toBe(SNAPSHOT);
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
