import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { confirmDialog, DialogHost } from './confirm.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('Confirm (SPEC §2 Dialogs)', () => {
  it('opens with its confirming button focused (Cancel beside it), and answers true when it is pressed', async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmDialog({ title: 'Delete the folder?', confirmText: 'Delete', destructive: true });
    });
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(document.activeElement).toBe(confirm);
    act(() => confirm.click());
    await expect(answer).resolves.toBe(true);
  });
});
