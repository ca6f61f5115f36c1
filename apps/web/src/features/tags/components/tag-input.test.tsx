import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { sanitizeTagInput, addTag } from '../lib/tag-rules.ts';
import { TagInput } from './tag-input.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', () => ({ api }));

function Harness({ initial = [] as string[], spy }: { initial?: string[]; spy?: (tags: string[]) => void }) {
  const [tags, setTags] = useState(initial);
  return (
    <TagInput
      value={tags}
      onChange={(next) => {
        spy?.(next);
        setTags(next);
      }}
    />
  );
}

function setup(initial: string[] = []) {
  const spy = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness initial={initial} spy={spy} />
    </QueryClientProvider>,
  );
  return { spy, input: screen.getByRole('combobox', { name: /tags/i }), user: userEvent.setup() };
}

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  api.mockImplementation(async (path: string, opts?: { body?: { name: string } }) =>
    path === '/archive/tag' ? { name: opts?.body?.name, favorite: false } : { results: [], count: 0 },
  );
});
afterEach(() => {
  cleanup();
  api.mockReset();
});

describe('tag rules (SPEC §5)', () => {
  it('keeps only Korean letters, English letters and digits', () => {
    expect(sanitizeTagInput('ui design😀!')).toEqual({ value: 'uidesign', invalid: true, truncated: false });
    expect(sanitizeTagInput('디자인2024')).toEqual({ value: '디자인2024', invalid: false, truncated: false });
  });
  it('cuts input at 15 characters', () => {
    expect(sanitizeTagInput('abcdefghijklmnopq')).toEqual({ value: 'abcdefghijklmno', invalid: false, truncated: true });
  });
  it('stores lowercase, refuses duplicates and a sixth tag', () => {
    expect(addTag([], 'Figma')).toEqual({ ok: true, tags: ['figma'], name: 'figma' });
    expect(addTag(['figma'], 'FIGMA')).toEqual({ ok: false, reason: 'duplicate' });
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual({ ok: false, reason: 'limit' });
    expect(addTag([], '')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('TagInput', () => {
  it('creates and selects a lowercase tag on Enter, kept for the save (nothing sent, issue #19 item 8)', async () => {
    const { spy, input, user } = setup();
    await user.type(input, 'Design{Enter}');
    expect(spy).toHaveBeenLastCalledWith(['design']);
    expect(api).not.toHaveBeenCalledWith('/archive/tag', expect.anything());
    expect(screen.getByRole('button', { name: 'Remove tag design' })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('accepts Korean tags', async () => {
    const { spy, input, user } = setup();
    await user.type(input, '디자인{Enter}');
    expect(spy).toHaveBeenLastCalledWith(['디자인']);
  });

  it('removes spaces and emojis with a message', async () => {
    const { input, user } = setup();
    await user.type(input, 'ui kit😀');
    expect((input as HTMLInputElement).value).toBe('uikit');
    expect(screen.getByText(/No spaces or emojis allowed/)).toBeTruthy();
  });

  it('stops at 15 characters with a limit message', async () => {
    const { input, user } = setup();
    await user.type(input, 'abcdefghijklmnopqrst');
    expect((input as HTMLInputElement).value).toBe('abcdefghijklmno');
    expect(screen.getByText('A tag can be up to 15 characters.')).toBeTruthy();
  });

  it('warns at 5 tags and adds no more', async () => {
    const { spy, input, user } = setup(['a1', 'b2', 'c3', 'd4', 'e5']);
    expect(screen.getByText('You can add up to 5 tags.')).toBeTruthy();
    await user.type(input, 'sixth{Enter}');
    expect(spy).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalledWith('/archive/tag', expect.anything());
  });

  it('removes the last tag with Backspace on an empty input', async () => {
    const { spy, input, user } = setup(['one', 'two']);
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(spy).toHaveBeenLastCalledWith(['one']);
  });

  it('suggests existing tags and selects one with the keyboard', async () => {
    api.mockImplementation(async (path: string, opts?: { body?: { name: string } }) =>
      path === '/archive/tag'
        ? { name: opts?.body?.name, favorite: false }
        : { results: [{ name: 'figma', favorite: true }, { name: 'fonts', favorite: false }], count: 2 },
    );
    const { spy, input, user } = setup();
    await user.type(input, 'f');
    expect(await screen.findByRole('option', { name: 'figma' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(spy).toHaveBeenLastCalledWith(['fonts']);
  });
});
