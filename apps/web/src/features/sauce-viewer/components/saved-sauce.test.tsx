import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { sauceFixture } from '../../../test/sauces.ts';
import { SavedSauce } from './saved-sauce.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/api.ts')>()), api }));
const selectWorkspace = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/workspaces.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/workspaces.ts')>()), selectWorkspace }));

beforeAll(() => initI18n('en'));
beforeEach(() => {
  api.mockReset();
  selectWorkspace.mockReset();
});
afterEach(() => cleanup());

const page = (workspaceId: number) => (
  <SavedSauce
    workspaceId={workspaceId}
    sauceId={5}
    type="TEXT"
    pageTitle="Text source"
    backLabel="Back"
    skeleton={<p>Loading…</p>}
    view={(sauce) => <h1>{sauce.title}</h1>}
    editor={() => null}
  />
);

describe('a link to a source of another space (issue #31 item 1)', () => {
  it('opens the source in its own space: the space in view is switched, nothing says it is missing', async () => {
    api.mockImplementation(async (path: string) => {
      if (path === '/archive/sauce/1/5') throw new ApiError(404, 'SAUCE_NOT_FOUND', 'This source does not exist.');
      if (path === '/archive/locate/5') return { workspaceId: 9 };
      throw new Error(path);
    });
    renderWithApp(page(1), { url: '/archive/text?sauceId=5&archiveType=TEXT' });
    await waitFor(() => expect(selectWorkspace).toHaveBeenCalledWith(9));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('This source does not exist or was deleted.')).toBeNull();
  });

  it('says it does not exist when no space of the person holds it', async () => {
    api.mockImplementation(async (path: string) => {
      if (path === '/archive/sauce/1/5') throw new ApiError(404, 'SAUCE_NOT_FOUND', 'This source does not exist.');
      if (path === '/archive/locate/5') throw new ApiError(404, 'SAUCE_NOT_FOUND', 'This source does not exist.');
      throw new Error(path);
    });
    renderWithApp(page(1), { url: '/archive/text?sauceId=5&archiveType=TEXT' });
    expect(await screen.findByText('This source does not exist or was deleted.')).toBeTruthy();
    expect(selectWorkspace).not.toHaveBeenCalled();
  });

  it('in its own space it just opens, asking nothing more', async () => {
    api.mockImplementation(async (path: string) => {
      if (path === '/archive/sauce/9/5') return sauceFixture('TEXT', { id: 5, title: 'Grid notes' });
      throw new Error(path);
    });
    renderWithApp(page(9), { url: '/archive/text?sauceId=5&archiveType=TEXT' });
    expect(await screen.findByRole('heading', { name: 'Grid notes' })).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/archive/locate/5', expect.anything());
  });
});
