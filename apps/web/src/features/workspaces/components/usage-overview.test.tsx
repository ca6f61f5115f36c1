import { BETA_PLAN } from '@sauce/contract/limits';
import type { WorkspaceStatus } from '@sauce/contract/workspaces';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { UsageOverview } from './usage-overview.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const status: WorkspaceStatus = {
  textSauceCount: 3,
  imageSauceCount: 2,
  folderCount: 1,
  memberCount: 1,
  storageBytes: 5 * 1024 * 1024,
  limits: { sauces: BETA_PLAN.sources, folders: BETA_PLAN.folders, members: BETA_PLAN.members },
};

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/workspace/7/status') return status;
    if (path === '/app/config') return { plan: BETA_PLAN, links: { feedback: null, android: null, ios: null, plugin: null } };
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(() => cleanup());

describe('UsageOverview: storage (issue #31 item 16)', () => {
  // The figure is the bytes of the space's images and of its saved copies (page snapshots
  // and screenshots, apps/api services/workspaces.ts workspaceStatus): the hint says both.
  it('says the storage counts images and saved copies of pages, in English and Korean', async () => {
    initI18n('en');
    renderWithApp(<UsageOverview workspaceId={7} />);
    expect(await screen.findByText('Images, in every size, and saved copies of pages in this space')).toBeTruthy();
    cleanup();
    initI18n('ko');
    renderWithApp(<UsageOverview workspaceId={7} />);
    expect(await screen.findByText('이 스페이스의 이미지(모든 크기)와 페이지 저장본을 합친 용량이에요')).toBeTruthy();
    initI18n('en');
  });
});
