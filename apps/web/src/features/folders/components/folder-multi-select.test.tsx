import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { folderSelectionLabel } from './folder-multi-select.tsx';

const f = (id: number, name: string) => ({ id, name, order: id, itemCount: 0 });

describe('folder multi-select label (SPEC §2 Dialogs)', () => {
  it('reads all folders / the name / first name + N more, in Korean and English', () => {
    const ko = initI18n('ko');
    const tk = (k: string, o?: Record<string, unknown>) => ko.t(`folders:${k}`, o);
    expect(folderSelectionLabel([], tk)).toBe('모든 폴더');
    expect(folderSelectionLabel([f(1, '브랜딩')], tk)).toBe('브랜딩');
    expect(folderSelectionLabel([f(1, '브랜딩'), f(2, 'UI'), f(3, 'UX')], tk)).toBe('브랜딩 외 2개');
    const en = initI18n('en');
    const te = (k: string, o?: Record<string, unknown>) => en.t(`folders:${k}`, o);
    expect(folderSelectionLabel([], te)).toBe('All folders');
    expect(folderSelectionLabel([f(1, 'Brand'), f(2, 'UI')], te)).toBe('Brand +1 more');
  });
});
