import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import { inTimeZone } from '../../test/time-zone.ts';
import { ArchiveTypeSelector, type ArchiveTypeSelectorProps, type DraftSummary } from './archive-type-selector.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);
inTimeZone('Asia/Seoul');

const DRAFT_TITLE = 'You have a draft in progress';
const TYPE_TITLE = 'What would you like to save?';

describe('ArchiveTypeSelector', () => {
  it('offers the draft first each time it opens, even after "Start new"', () => {
    const draft: DraftSummary = { type: 'TEXT', title: 'Notes' };
    const onDiscardDraft = vi.fn();
    const ui = (props: Partial<ArchiveTypeSelectorProps>) => (
      <MemoryRouter>
        <ArchiveTypeSelector open onOpenChange={() => {}} draft={draft} onDiscardDraft={onDiscardDraft} {...props} />
      </MemoryRouter>
    );
    const { rerender } = render(ui({}));
    expect(screen.getByText(DRAFT_TITLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start new' }));
    expect(onDiscardDraft).toHaveBeenCalledOnce();
    expect(screen.getByText(TYPE_TITLE)).toBeTruthy();
    // Still open, same draft: stays on the type step.
    rerender(ui({}));
    expect(screen.getByText(TYPE_TITLE)).toBeTruthy();
    rerender(ui({ open: false }));
    rerender(ui({}));
    expect(screen.getByText(DRAFT_TITLE)).toBeTruthy();
  });

  it('goes straight to the type step without a draft', () => {
    render(
      <MemoryRouter>
        <ArchiveTypeSelector open onOpenChange={() => {}} draft={null} />
      </MemoryRouter>,
    );
    expect(screen.getByText(TYPE_TITLE)).toBeTruthy();
  });

  it('shows what the draft is and when it was saved, and continues it in its editor', () => {
    const savedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const onOpenChange = vi.fn();
    function Where() {
      const { pathname, search } = useLocation();
      return <output>{pathname + search}</output>;
    }
    render(
      <MemoryRouter>
        <ArchiveTypeSelector open onOpenChange={onOpenChange} draft={{ type: 'IMAGE', title: 'Moodboard', savedAt }} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Image source · Moodboard')).toBeTruthy();
    expect(screen.getByText('Saved 5 minutes ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue draft' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(document.querySelector('output')!.textContent).toBe('/archive/image?draft=true&archiveType=IMAGE');
  });

  it("names an untitled draft 'Untitled'", () => {
    render(
      <MemoryRouter>
        <ArchiveTypeSelector open onOpenChange={() => {}} draft={{ type: 'TEXT', title: '  ', savedAt: new Date().toISOString() }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Text source · Untitled')).toBeTruthy();
    expect(screen.getByText('Saved just now')).toBeTruthy();
  });

  it('writes the date of a draft saved more than a week ago, in local time (lib/dates.ts)', () => {
    // 20:30 UTC on 1 March is 05:30 on 2 March in Seoul.
    render(
      <MemoryRouter>
        <ArchiveTypeSelector open onOpenChange={() => {}} draft={{ type: 'TEXT', title: 'Old notes', savedAt: '2025-03-01T20:30:00.000Z' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Saved 2025.03.02')).toBeTruthy();
  });

  it('says nothing of when an unreadable save time was', () => {
    render(
      <MemoryRouter>
        <ArchiveTypeSelector open onOpenChange={() => {}} draft={{ type: 'TEXT', title: 'Notes', savedAt: 'not a date' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Text source · Notes')).toBeTruthy();
    expect(screen.queryByText(/^Saved/)).toBeNull();
  });
});
