// Issue #22 item 2: a file's nested folders become one level of Sauce folders, named within
// 15 characters by a stated shortening, told apart when two come out the same, within the plan.
import { countedLength } from '@sauce/contract/limits';
import { describe, expect, it } from 'vitest';
import { pathKey } from './entry.ts';
import { folderName, planFolders } from './folders.ts';

describe('folderName: the stated shortening', () => {
  it("keeps 'Parent / Child' when it fits 15 characters", () => {
    expect(folderName(['Design'])).toBe('Design');
    expect(folderName(['Design', 'Type'])).toBe('Design / Type');
    expect(folderName(['디자인', '글꼴'])).toBe('디자인 / 글꼴');
  });

  it('cuts each parent to its first character next', () => {
    expect(folderName(['Design Systems', 'Typography'])).toBe('D / Typography');
    expect(folderName(['Work', 'Design', 'Icons'])).toBe('W / D / Icons');
    expect(folderName(['디자인', '타이포그래피', '글꼴'])).toBe('디 / 타 / 글꼴');
  });

  it("keeps the folder's own name alone last, cut to 14 characters and '…'", () => {
    expect(folderName(['Typography Resources'])).toBe('Typography Res…');
    expect(folderName(['Work', 'Typography Resources'])).toBe('Typography Res…');
    expect(folderName(['A', 'B', 'C', 'D', 'Typography'])).toBe('Typography');
    for (const path of [['x'.repeat(100)], ['a'.repeat(40), 'b'.repeat(40)], ['😀'.repeat(20)]]) expect(countedLength(folderName(path))).toBeLessThanOrEqual(15);
  });
});

describe('planFolders', () => {
  it('numbers folders whose names collide after shortening, the later one in file order', () => {
    const paths = [
      ['Work', 'Design Systems Guide'],
      ['Home', 'Design Systems Guide'],
      ['School', 'Design Systems Guide'],
      ['Design'],
      ['Design'],
    ];
    const plan = planFolders(paths, new Map(), null);
    expect([...plan.values()].map((f) => [f.path, f.name, f.status])).toEqual([
      ['Work / Design Systems Guide', 'Design Systems…', 'new'],
      ['Home / Design Systems Guide', 'Design Syste… 2', 'new'],
      ['School / Design Systems Guide', 'Design Syste… 3', 'new'],
      ['Design', 'Design', 'new'],
    ]);
    for (const f of plan.values()) expect(countedLength(f.name)).toBeLessThanOrEqual(15);
  });

  it("fills a space's folder of the same name, and creates new ones only while the plan allows", () => {
    const existing = new Map([
      ['Design', 11],
      ['Misc', 12],
      ['Read', 13],
      ['Later', 14],
    ]);
    const plan = planFolders([['Design'], ['Type'], ['Icons'], ['Read']], existing, 5);
    expect([...plan.values()].map((f) => [f.name, f.status, f.id])).toEqual([
      ['Design', 'existing', 11],
      ['Type', 'new', null],
      ['Icons', 'overLimit', null],
      ['Read', 'existing', 13],
    ]);
    expect(plan.get(pathKey(['Icons']))!.status).toBe('overLimit');
    // Unlimited: every folder is made.
    expect([...planFolders([['A'], ['B'], ['C']], existing, null).values()].every((f) => f.status === 'new')).toBe(true);
  });
});
