import { describe, expect, it } from 'vitest';
import { nicknameProblem, zWithdrawal } from './account.ts';

describe('nickname rules (SPEC §5)', () => {
  it.each([
    ['mina', null],
    ['김소스', null],
    ['Mina_K-2', null],
    ['  trimmed  ', null],
    ['가'.repeat(15), null],
    ['', 'empty'],
    ['   ', 'empty'],
    ['a b', 'space'],
    ['a\u00a0b', 'space'],
    ['a\u3000b', 'space'],
    ['a😀', 'emoji'],
    ['👩‍🎨', 'emoji'],
    ['🇰🇷', 'emoji'],
    ['1\uFE0F\u20E3', 'emoji'],
    ['a\u200bb', 'invisible'],
    ['\u3164', 'invisible'],
    ['x'.repeat(16), 'tooLong'],
  ])('%j → %s', (name, problem) => {
    expect(nicknameProblem(name)).toBe(problem);
  });

  it('withdrawal needs one reason from 1 to 6', () => {
    expect(zWithdrawal.safeParse({ reason: 3 }).success).toBe(true);
    for (const reason of [0, 7, 1.5, '2', null]) expect(zWithdrawal.safeParse({ reason }).success).toBe(false);
  });
});
