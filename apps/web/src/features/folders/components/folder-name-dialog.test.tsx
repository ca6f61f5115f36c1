import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { clampText, countChars } from '../../../lib/text-limit.ts';
import { formatFolderCount } from './folder-count.ts';
import { FolderNameDialog, folderNameProblem } from './folder-name-dialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function setup(props: Partial<Parameters<typeof FolderNameDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <FolderNameDialog
      open
      onOpenChange={() => {}}
      title="New folder"
      submitLabel="Create"
      existingNames={['Design', 'Marketing']}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  const input = screen.getByRole('textbox', { name: 'Folder name' }) as HTMLInputElement;
  const confirm = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
  return { input, confirm, onSubmit };
}

describe('folder name rules (SPEC §5)', () => {
  it('disables confirm while the name is empty or blank', () => {
    const { input, confirm } = setup();
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
  });

  it('opens with the name field focused', () => {
    const { input } = setup();
    expect(document.activeElement).toBe(input);
  });

  it('ignores input over 15 characters and shows a live counter', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'abcdefghijklmnopqrst' } });
    expect(input.value).toBe('abcdefghijklmno');
    expect(screen.getByText('15/15')).toBeTruthy();
    fireEvent.change(input, { target: { value: '레퍼런스' } });
    expect(screen.getByText('4/15')).toBeTruthy();
  });

  it('does not count line breaks', () => {
    expect(countChars('ab\ncd\r\n')).toBe(4);
    expect(clampText('abc\ndef', 4)).toBe('abc\nd');
  });

  it('warns inline and blocks confirm when the name already exists', () => {
    const { input, confirm } = setup();
    fireEvent.change(input, { target: { value: 'Design' } });
    expect(screen.getByRole('alert').textContent).toBe('A folder with this name already exists.');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Design 2' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(confirm.disabled).toBe(false);
  });

  it('submits the trimmed name on Enter', () => {
    const { input, onSubmit } = setup();
    fireEvent.change(input, { target: { value: '  Mood board ' } });
    fireEvent.submit(input.form!);
    expect(onSubmit).toHaveBeenCalledWith('Mood board');
  });

  it('does not submit a duplicate on Enter', () => {
    const { input, onSubmit } = setup();
    fireEvent.change(input, { target: { value: 'Marketing' } });
    fireEvent.submit(input.form!);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('renaming: prefilled, its own name is not a duplicate but confirm waits for a change', () => {
    const { input, confirm } = setup({ initialName: 'Design', existingNames: ['Marketing'], submitLabel: 'Create' });
    expect(input.value).toBe('Design');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(confirm.disabled).toBe(true);
    expect(folderNameProblem('Marketing', ['Marketing'], 'Design')).toBe('exists');
  });

  it('names that differ only in letter case are one name, as the server says (issue #19 item 8)', () => {
    expect(folderNameProblem('team REFS', ['Team refs'])).toBe('exists');
    expect(folderNameProblem('ÄRGER', ['ärger'])).toBe('exists');
    expect(folderNameProblem('Team refs2', ['Team refs'])).toBeNull();
    // Renaming a folder to another case of its own name is a change, and allowed.
    expect(folderNameProblem('Team Refs', ['Marketing'], 'Team refs')).toBeNull();
    expect(folderNameProblem('Team refs', ['Marketing'], 'Team refs')).toBe('unchanged');
  });

  it('refills the field each time it opens, and follows a new prefilled name while open', () => {
    const props = {
      onOpenChange: () => {},
      title: 'Rename folder',
      submitLabel: 'Rename',
      existingNames: ['Marketing'],
      onSubmit: () => {},
    };
    const { rerender } = render(<FolderNameDialog {...props} open initialName="Design" />);
    const field = () => screen.getByRole('textbox', { name: 'Folder name' }) as HTMLInputElement;
    fireEvent.change(field(), { target: { value: 'Typed' } });
    expect(field().value).toBe('Typed');
    rerender(<FolderNameDialog {...props} open={false} initialName="Design" />);
    rerender(<FolderNameDialog {...props} open initialName="Design" />);
    expect(field().value).toBe('Design');
    rerender(<FolderNameDialog {...props} open initialName="Research" />);
    expect(field().value).toBe('Research');
    fireEvent.change(field(), { target: { value: 'Kept' } });
    rerender(<FolderNameDialog {...props} open initialName="Research" />);
    expect(field().value).toBe('Kept');
  });

  it('shows 999+ on the badge from 1000', () => {
    expect(formatFolderCount(999)).toBe('999');
    expect(formatFolderCount(1000)).toBe('999+');
  });
});
