import type { Sauce } from '@sauce/contract/sauces';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
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

describe('SavedCopy (issue #20, issue #28 item 6)', () => {
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
