import { describe, expect, it } from 'vitest';
import { can, WORKSPACE_POLICY, type WorkspaceAction } from './workspace.ts';

const readerMay: WorkspaceAction[] = ['read'];
const editorMay: WorkspaceAction[] = [
  'read', 'createSauce', 'updateSauce', 'deleteSauce', 'shareSauce',
  'createFolder', 'updateFolder', 'deleteFolder', 'reorderFolders',
];

describe('workspace policy (SPEC §6)', () => {
  const actions = Object.keys(WORKSPACE_POLICY) as WorkspaceAction[];
  it.each(actions)('%s: owner may, editor and reader as the matrix says', (action) => {
    expect(can('OWNER', action)).toBe(true);
    expect(can('EDITOR', action)).toBe(editorMay.includes(action));
    expect(can('READER', action)).toBe(readerMay.includes(action));
  });
});
