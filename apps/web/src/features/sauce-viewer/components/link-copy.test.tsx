import type { Sauce } from '@sauce/contract/sauces';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LinkCopy } from './link-copy.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const sauce = (copyStatus: 'pending' | 'ready' | 'empty' | null) =>
  ({
    id: 5,
    savedCopy: null,
    textCard: { text: '', link: 'https://example.com/a', title: '', description: '', image: '', previewStatus: 'ready', broken: false, copyStatus },
  }) as unknown as Sauce;

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  api.mockReset();
});

describe('LinkCopy (issue #21)', () => {
  it('reads the kept text when opened, not before', async () => {
    api.mockResolvedValue({ status: 'ready', text: 'First paragraph.\n\nSecond paragraph.', copiedAt: '2026-11-01T00:00:00.000Z' });
    const { container } = renderWithApp(<LinkCopy workspaceId={3} sauce={sauce('ready')} />);
    expect(screen.getByText('Saved copy')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(screen.getByText('Second paragraph.')).toBeTruthy());
    expect(api).toHaveBeenCalledWith('/archive/sauce/3/5/copy', expect.anything());
  });

  it('shows nothing while the copy is pending, or when the page had no text', () => {
    for (const status of ['pending', 'empty', null] as const) {
      const { container } = renderWithApp(<LinkCopy workspaceId={3} sauce={sauce(status)} />);
      expect(container.textContent).toBe('');
      cleanup();
    }
  });

  it('beside a screenshot of the page, is titled as the page’s text', () => {
    const withShot = { ...sauce('ready'), savedCopy: { screenshotUrl: '/files/x' } } as unknown as Sauce;
    renderWithApp(<LinkCopy workspaceId={3} sauce={withShot} />);
    expect(screen.getByText('Page text')).toBeTruthy();
    expect(screen.queryByText('Saved copy')).toBeNull();
  });
});
