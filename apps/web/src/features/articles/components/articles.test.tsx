import type { Article } from '@sauce/contract/articles';
import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { inTimeZone } from '../../../test/time-zone.ts';
import { workspaceSummary } from '../../../test/workspaces.ts';
import { CLICKED_ARTICLE_TTL_MS, forgetClickedArticle, readClickedArticle, rememberClickedArticle } from '../lib/clicked-article.ts';
import { AddArticleDialog } from './add-article-dialog.tsx';
import { ArticleCard } from './article-card.tsx';

const article: Article = {
  id: 42,
  title: 'Choose boring technology',
  destination: 'https://mcfunley.com/choose-boring-technology',
  publishedAt: null,
  thumbnail: null,
  favicon: null,
  tags: ['architecture', 'engineering'],
  uploader: 'Dan McKinley',
  uploaderLink: 'https://mcfunley.com',
  category: 'development',
  categoryId: 3,
  language: 'en',
};

beforeAll(() => initI18n('en'));
// The person is in Seoul (UTC+9): 15:00 UTC is midnight there.
inTimeZone('Asia/Seoul');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetClickedArticle();
});

describe('ArticleCard', () => {
  it('opens the article in a new tab without an opener, and offers saving and tag search', () => {
    const onSave = vi.fn();
    const onTag = vi.fn();
    renderWithApp(<ArticleCard article={article} onSave={onSave} onTag={onTag} />);
    const link = screen.getByRole('link', { name: /^Choose boring technology/ });
    expect(link.getAttribute('href')).toBe(article.destination);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: 'Save “Choose boring technology” to my sauce' }));
    expect(onSave).toHaveBeenCalledWith(article);
    fireEvent.click(screen.getByRole('button', { name: 'Search for #engineering' }));
    expect(onTag).toHaveBeenCalledWith('engineering');
    // The publisher links to their site, also in a new tab.
    const site = screen.getByRole('link', { name: /Dan McKinley website/ });
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('draws a cover of the category colour and publisher initial without a thumbnail', () => {
    const { container } = renderWithApp(<ArticleCard article={article} onSave={vi.fn()} onTag={vi.fn()} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('D');
  });

  describe("the publisher's favicon (issue #31 item 23)", () => {
    const withIcon = { ...article, favicon: 'https://mcfunley.com/favicon.ico' };
    const slot = (container: HTMLElement) => container.querySelector('footer')!;
    /** The browser's view of the favicon: still loading, or settled (loaded or broken) before the app ran. */
    const image = (state: 'loading' | 'loaded' | 'broken') => {
      vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(state !== 'loading');
      vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(() =>
        state === 'broken' ? Promise.reject(new DOMException('broken', 'EncodingError')) : Promise.resolve(),
      );
    };
    afterEach(() => vi.restoreAllMocks());

    it('shows the initial in the slot while the favicon loads; a favicon that fails leaves it, one that loads replaces it', () => {
      image('loading');
      const { container } = renderWithApp(<ArticleCard article={withIcon} onSave={vi.fn()} onTag={vi.fn()} />);
      expect(within(slot(container)).getByText('D')).toBeTruthy();
      fireEvent.error(slot(container).querySelector('img')!);
      expect(slot(container).querySelector('img')).toBeNull();
      expect(within(slot(container)).getByText('D')).toBeTruthy();
      cleanup();

      const loaded = renderWithApp(<ArticleCard article={withIcon} onSave={vi.fn()} onTag={vi.fn()} />);
      fireEvent.load(slot(loaded.container).querySelector('img')!);
      expect(slot(loaded.container).querySelector('img')).not.toBeNull();
      expect(within(slot(loaded.container)).queryByText('D')).toBeNull();
    });

    it('reads a favicon that failed or loaded before the app ran (a page the server rendered) from the image', async () => {
      image('broken');
      const { container } = renderWithApp(<ArticleCard article={withIcon} onSave={vi.fn()} onTag={vi.fn()} />);
      await waitFor(() => expect(slot(container).querySelector('img')).toBeNull());
      expect(within(slot(container)).getByText('D')).toBeTruthy();
      cleanup();
      image('loaded');
      const loaded = renderWithApp(<ArticleCard article={withIcon} onSave={vi.fn()} onTag={vi.fn()} />);
      await waitFor(() => expect(within(slot(loaded.container)).queryByText('D')).toBeNull());
      expect(slot(loaded.container).querySelector('img')).not.toBeNull();
    });

    it("the server's HTML has the initial under the favicon, so a favicon that fails before the app runs leaves no empty slot", () => {
      const html = renderToString(<ArticleCard article={{ ...withIcon, uploader: 'The Verge' }} onSave={vi.fn()} onTag={vi.fn()} />);
      const footer = new DOMParser().parseFromString(html, 'text/html').querySelector('footer')!;
      expect(footer.querySelector('img')?.getAttribute('src')).toBe(withIcon.favicon);
      // The cover's letter: 'V', not the 'T' of 'The'.
      expect(within(footer as HTMLElement).getByText('V')).toBeTruthy();
    });
  });

  it("shows the published date as YYYY.MM.DD in the person's time zone, a recent one too (SPEC §2 Cards, issue #19 item 8)", () => {
    const at = new Date(Date.now() - 3 * 3_600_000);
    const recent = at.toISOString();
    renderWithApp(<ArticleCard article={{ ...article, publishedAt: recent }} onSave={vi.fn()} onTag={vi.fn()} />);
    const two = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByText(`${at.getFullYear()}.${two(at.getMonth() + 1)}.${two(at.getDate())}`).tagName).toBe('TIME');
    expect(screen.queryByText(/ago|just now/)).toBeNull();
    cleanup();
    renderWithApp(<ArticleCard article={{ ...article, publishedAt: '2015-03-30T00:00:00.000Z' }} onSave={vi.fn()} onTag={vi.fn()} />);
    expect(screen.getByText('2015.03.30')).toBeTruthy();
    cleanup();
    renderWithApp(<ArticleCard article={{ ...article, publishedAt: '2015-03-29T16:00:00.000Z' }} onSave={vi.fn()} onTag={vi.fn()} />);
    expect(screen.getByText('2015.03.30').getAttribute('datetime')).toBe('2015-03-29T16:00:00.000Z');
  });

  it("the server writes the date in UTC (the same text the browser hydrates), the browser then the person's", () => {
    const late = { ...article, publishedAt: '2015-03-29T16:00:00.000Z' }; // 01:00 on the 30th in Seoul
    const html = renderToString(<ArticleCard article={late} onSave={vi.fn()} onTag={vi.fn()} />);
    const time = new DOMParser().parseFromString(html, 'text/html').querySelector('time')!;
    expect(time.textContent).toBe('2015.03.29');
    expect(time.getAttribute('datetime')).toBe('2015-03-29T16:00:00.000Z');
  });
});

describe('clickedArticle (SPEC §4)', () => {
  it('remembers the article to save after sign-in, for 15 minutes', () => {
    rememberClickedArticle(42, 1_000);
    expect(localStorage.getItem('clickedArticle')).toBe('42');
    expect(readClickedArticle(1_000 + CLICKED_ARTICLE_TTL_MS)).toBe(42);
    expect(readClickedArticle(1_001 + CLICKED_ARTICLE_TTL_MS)).toBeNull();
    forgetClickedArticle();
    expect(readClickedArticle(1_000)).toBeNull();
  });
});

describe('AddArticleDialog (336 px)', () => {
  const spaces: WorkspaceSummary[] = [
    workspaceSummary({ id: 1, name: 'Mine' }),
    workspaceSummary({ id: 2, name: 'Read only', isPersonal: false, permission: 'READER' }),
    workspaceSummary({ id: 3, name: 'Team', isPersonal: false, permission: 'EDITOR' }),
  ];
  let calls: { url: string; method: string; body: unknown }[];
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        const url = new URL(String(input));
        calls.push({ url: url.pathname, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const ok = (data: unknown) => Response.json({ success: true, data });
        const user = { id: 1, email: 'a@example.com', nickname: 'a', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: true, isAdmin: false };
        if (url.pathname === '/api/auth/profile') return ok(user);
        if (url.pathname === '/api/auth/session') return ok({ user });
        if (url.pathname === '/api/workspace') return ok(spaces);
        if (url.pathname === '/api/archive/folder/3/list')
          return ok({ results: [{ id: 30, name: 'Refs', order: 1, itemCount: 0 }, { id: 31, name: 'Later', order: 2, itemCount: 0 }], count: 2 });
        if (url.pathname.startsWith('/api/archive/folder/')) return ok({ results: [], count: 0 });
        if (url.pathname === '/api/discovery/articles/42/fork') return ok({ sauce: {}, created: true });
        return Response.json({ success: false, error: { code: 'NOT_FOUND', message: '' } }, { status: 404 });
      }),
    );
  });

  it('offers only spaces one may write to, their folders, the AI switch with its note, and saves', async () => {
    const onClose = vi.fn();
    renderWithApp(<AddArticleDialog articleId={42} article={article} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Save article' });
    expect(within(dialog).getByText('Choose boring technology')).toBeTruthy();
    const select = (await within(dialog).findByLabelText('Space')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['My space', 'Team']);
    expect(await within(dialog).findByText('This space has no folders yet. It will be saved under All.')).toBeTruthy();
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Later' }));
    const ai = within(dialog).getByRole('switch', { name: 'AI summary' });
    expect(ai.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText("AI can summarise the article for you. Some sites don't support summaries.")).toBeTruthy();
    fireEvent.click(ai);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/discovery/articles/42/fork',
      method: 'POST',
      body: { workspace: { id: 3 }, folderSet: [31], aiEnable: false },
    });
  });
  it('defaults to the space in view, remembered by the workspace cookie on a fresh page (issue #31 item 5)', async () => {
    document.cookie = 'workspace_id=3; path=/';
    try {
      renderWithApp(<AddArticleDialog articleId={42} article={article} onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'Save article' });
      const select = (await within(dialog).findByLabelText('Space')) as HTMLSelectElement;
      await vi.waitFor(() => expect(select.value).toBe('3'));
      expect(await within(dialog).findByRole('checkbox', { name: 'Refs' })).toBeTruthy();
    } finally {
      document.cookie = 'workspace_id=; path=/; max-age=0';
    }
  });
});
