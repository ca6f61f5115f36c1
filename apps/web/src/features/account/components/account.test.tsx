import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { ApiError } from '../../../lib/api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { localNicknameProblem, serverNicknameProblem } from '../lib/nickname.ts';
import { JobSelect } from './job-select.tsx';

beforeAll(() => {
  initI18n('en');
});

describe('JobSelect (SPEC §2 EditUserInformation, §9: scrolls above 6 entries)', () => {
  it('offers every job as a radio, scrolls (7 entries), and moves with the arrow keys', () => {
    const onChange = vi.fn();
    renderWithApp(<JobSelect value="none" onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Job' });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(7);
    expect(group.className).toMatch(/jobListScroll/);
    expect(screen.getByRole('radio', { name: 'Not specified' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Not specified' }), { key: 'ArrowDown' });
    expect(onChange).toHaveBeenCalledWith('Product Designer');
    fireEvent.click(screen.getByRole('radio', { name: 'Developer' }));
    expect(onChange).toHaveBeenCalledWith('Developer');
  });
});

describe('nickname messages (SPEC §5, §8)', () => {
  it('points out spaces, emoji and length while typing, not an empty field', () => {
    expect(localNicknameProblem('')).toBeNull();
    expect(localNicknameProblem('mina kim')).toBe('space');
    expect(localNicknameProblem('mina😀')).toBe('emoji');
    expect(localNicknameProblem('x'.repeat(16))).toBe('tooLong');
    expect(localNicknameProblem('미나')).toBeNull();
  });

  it("reads the server's 400 as the duplicate or the rule it broke", () => {
    expect(serverNicknameProblem(new ApiError(400, 'NICKNAME_EXISTS', 'x'))).toBe('exists');
    expect(serverNicknameProblem(new ApiError(400, 'NICKNAME_INVALID', 'x', { reason: 'emoji' }))).toBe('emoji');
    expect(serverNicknameProblem(new ApiError(500, 'SYSTEM_ERROR', 'x'))).toBeNull();
  });
});
