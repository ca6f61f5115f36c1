import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { ArchiveTypeSelector, type ArchiveTypeSelectorProps, type DraftSummary } from './archive-type-selector.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

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
});
