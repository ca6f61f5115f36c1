import { WORKSPACE_ACTIONS } from '@sauce/contract/workspaces';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, authorizePermission, can, WORKSPACE_POLICY, type WorkspaceAction } from './workspace.ts';

const readerMay: WorkspaceAction[] = ['read', 'leaveWorkspace'];
const editorMay: WorkspaceAction[] = [
  'read', 'createSauce', 'updateSauce', 'deleteSauce', 'shareSauce',
  'createFolder', 'updateFolder', 'deleteFolder', 'reorderFolders', 'leaveWorkspace',
];
const notInPersonal: WorkspaceAction[] = ['inviteMembers', 'manageMembers', 'updateWorkspace', 'deleteWorkspace', 'leaveWorkspace'];

describe('workspace policy (SPEC §6)', () => {
  it('names every action of the contract', () => {
    expect(Object.keys(WORKSPACE_POLICY).sort()).toEqual([...WORKSPACE_ACTIONS].sort());
  });

  it.each(WORKSPACE_ACTIONS)('%s: owner may, editor and reader as the matrix says', (action) => {
    expect(can('OWNER', action)).toBe(true);
    expect(can('EDITOR', action)).toBe(editorMay.includes(action));
    expect(can('READER', action)).toBe(readerMay.includes(action));
  });

  it('abilities of a personal space leave out sharing, leaving and changing it', () => {
    const personal = abilitiesOf('OWNER', true);
    for (const a of WORKSPACE_ACTIONS) expect(personal[a], a).toBe(!notInPersonal.includes(a));
    expect(Object.values(abilitiesOf('OWNER', false)).every(Boolean)).toBe(true);
    expect(abilitiesOf('READER', false)).toMatchObject({ read: true, createSauce: false, leaveWorkspace: true });
  });

  it('refuses a non-member (404), a role without the action (403) and personal-space actions (409)', () => {
    expect(() => authorizePermission(null, 'read')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => authorizePermission('READER', 'createSauce')).toThrow(expect.objectContaining({ code: 'VIEWER_CANNOT_UPLOAD' }));
    expect(() => authorizePermission('EDITOR', 'inviteMembers')).toThrow(expect.objectContaining({ code: 'NOT_AUTHORIZED' }));
    expect(() => authorizePermission('OWNER', 'deleteWorkspace', true)).toThrow(expect.objectContaining({ code: 'PERSONAL_WORKSPACE' }));
    expect(authorizePermission('OWNER', 'createSauce', true)).toBe('OWNER');
  });
});
