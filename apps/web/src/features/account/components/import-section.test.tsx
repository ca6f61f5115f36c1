// Issue #22 item 3: the import's preview — the space and the folder choice, what will come
// in and what will not, the plan — before anything is written; then progress, stop, report.
import type { ImportJob, ImportPreview } from '@sauce/contract/account';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api.ts';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { workspaceSummary } from '../../../test/workspaces.ts';
import { ImportSection } from './import-section.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/api.ts')>()), api }));

const personal = workspaceSummary();
const team = workspaceSummary({ id: 7, name: 'Studio', isPersonal: false, permission: 'EDITOR' });
const job = (patch: Partial<ImportJob> = {}): ImportJob => ({
  id: 42,
  status: 'preview',
  format: 'chrome-json',
  fileName: 'Bookmarks',
  workspace: { id: 1, name: 'My space' },
  folder: null,
  recreateFolders: false,
  total: 12,
  processed: 0,
  imported: 0,
  skipped: 0,
  changed: 0,
  errorCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...patch,
});
const preview = (workspace: number, recreateFolders: boolean): ImportPreview => ({
  id: 42,
  format: 'chrome-json',
  fileName: 'Bookmarks',
  total: 12,
  workspace: { id: workspace, name: workspace === 7 ? 'Studio' : 'My space' },
  recreateFolders,
  plan: { sources: 100, folders: workspace === 7 ? null : 5 },
  sourcesInSpace: 95,
  foldersInSpace: 4,
  importing: 5,
  skipped: [
    { reason: 'limit', count: 5 },
    { reason: 'invalidLink', count: 2 },
  ],
  changed: 3,
  folders: [
    { path: 'Design / Type', name: 'Design / Type', status: 'new', entries: 4, importing: 4 },
    { path: 'Design Systems / Typography', name: 'D / Typography', status: 'overLimit', entries: 3, importing: 1 },
  ],
  unfiled: 5,
});

let current: ImportJob;
const calls: string[] = [];
beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  calls.length = 0;
  current = job();
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [personal, team];
    if (path === '/workspace/1' || path === '/workspace/7') return { folders: [{ id: 3, name: 'Inbox', order: 1, itemCount: 0 }] };
    if (path.startsWith('/archive/folder/')) return { results: [{ id: 3, name: 'Inbox', order: 1, itemCount: 0 }], count: 1, next: null, previous: null };
    if (path === '/account/import' && opts.method === 'POST') {
      const form = opts.body as FormData;
      calls.push(`upload ${form.get('workspace')} preview=${form.get('preview')}`);
      return current;
    }
    if (path === '/account/import/42') return current;
    if (path === '/account/import/42/preview') {
      const q = opts.query as { workspace: number; recreateFolders: string };
      calls.push(`preview ${q.workspace} ${q.recreateFolders}`);
      return preview(q.workspace, q.recreateFolders === 'true');
    }
    if (path === '/account/import/42/start') {
      calls.push(`start ${JSON.stringify(opts.body)}`);
      current = job({ status: 'done', workspace: { id: 7, name: 'Studio' }, imported: 5, skipped: 7, changed: 3, processed: 12 });
      return current;
    }
    if (path === '/account/import/42/cancel') {
      calls.push('cancel');
      current = job({ status: 'cancelled' });
      return current;
    }
    if (path === '/account/import/42/skipped') return { results: [{ title: 'Bookmarklet', url: 'javascript:1', reason: 'invalidLink' }], count: 7 };
    throw new Error(`unexpected ${opts.method ?? 'GET'} ${path}`);
  });
});
afterEach(() => cleanup());

async function chooseFile() {
  renderWithApp(<ImportSection />);
  await screen.findByRole('option', { name: 'Studio' });
  const input = screen.getByLabelText('Import file') as HTMLInputElement;
  const file = new File(['{}'], 'Bookmarks', { type: 'application/json' });
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
  const check = screen.getByRole('button', { name: 'Check file' }) as HTMLButtonElement;
  await waitFor(() => expect(check.disabled).toBe(false));
  await act(async () => fireEvent.click(check));
}

describe('ImportSection (issue #22)', () => {
  it('reads the file for a preview, shows what comes in and what the plan stops, then imports where the person chose', async () => {
    await chooseFile();
    await waitFor(() => expect(calls[0]).toBe('upload 1 preview=true'));
    const group = await screen.findByRole('group', { name: 'Before importing' });
    expect(within(group).getByText('Bookmarks · Chrome or Edge “Bookmarks” file (JSON)')).toBeTruthy();
    expect(await within(group).findByText('5 of 12 will be imported')).toBeTruthy();
    expect(within(group).getByText("5 won't: the space reached its plan's limit")).toBeTruthy();
    expect(within(group).getByText("2 won't: not a web (http or https) link")).toBeTruthy();
    expect(within(group).getByText(/3 will come in with changes/)).toBeTruthy();
    expect(within(group).getByText('This space holds 95 of 100 sources. It has 4 of 5 folders.')).toBeTruthy();
    const rows = within(within(group).getByRole('table', { name: 'Folders' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'In the fileIn SauceEntries',
      'Design / TypeDesign / TypeNew4',
      'Design Systems / Typography—Not created: plan limit1 / 3',
    ]);
    // Another space: asked again; its plan has no folder limit.
    await act(async () => fireEvent.change(within(group).getByRole('combobox', { name: 'Space' }), { target: { value: '7' } }));
    expect(await within(group).findByText('This space holds 95 of 100 sources. It has 4 folders · no limit.')).toBeTruthy();
    expect(calls).toContain('preview 7 true');
    // Not recreating folders: one folder for all, and the table goes.
    await act(async () => fireEvent.click(within(group).getByRole('switch', { name: "Recreate the file's folders" })));
    await waitFor(() => expect(calls).toContain('preview 7 false'));
    expect(within(group).queryByRole('table')).toBeNull();
    await act(async () => fireEvent.change(within(group).getByRole('combobox', { name: 'Put everything in' }), { target: { value: '3' } }));
    await act(async () => fireEvent.click(within(group).getByRole('button', { name: 'Import 5' })));
    await waitFor(() => expect(calls).toContain('start {"workspace":7,"recreateFolders":false,"folder":3}'));
    expect(await screen.findByText('Imported 5 · 7 not imported · 3 with changes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download report (CSV)' })).toBeTruthy();
    expect(await screen.findByText('See what wasn\'t imported (7)')).toBeTruthy();
  });

  it('cancels a preview; nothing is imported', async () => {
    await chooseFile();
    const group = await screen.findByRole('group', { name: 'Before importing' });
    await act(async () => fireEvent.click(within(group).getByRole('button', { name: 'Cancel' })));
    expect(calls).toContain('cancel');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Before importing' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Check file' })).toBeTruthy();
  });

  it('says why a file is refused: two formats at once', async () => {
    const base = api.getMockImplementation()!;
    api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
      if (path === '/account/import' && opts.method === 'POST') {
        throw new ApiError(400, 'IMPORT_FILE_INVALID', 'x', { reason: 'ambiguous', formats: ['chrome-json', 'karakeep-json'] });
      }
      return base(path, opts);
    });
    await chooseFile();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file looks like two formats at once (Chrome or Edge “Bookmarks” file (JSON) · Karakeep export (JSON)), so it can\'t be read safely.',
    );
  });
});
