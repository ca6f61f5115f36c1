import { z } from 'zod';
import { ok, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import {
  zCreateInvitation,
  zInvitation,
  zInvitationId,
  zInvitationInfo,
  zMember,
  zSpaceQuota,
  zUpdateMember,
  zWorkspace,
  zWorkspaceStatus,
  zWorkspaceSummary,
} from '../workspaces.ts';

const zSpaceParams = z.object({ id: zId });
const zMemberParams = z.object({ id: zId, userId: zId });
const zInvitationParams = z.object({ invitationId: zInvitationId });

/** SPEC §7 Workspaces (issue #7): the space routes' part of the endpoint table (../endpoints.ts). */
export const workspaceEndpoints = {
  'GET /workspace': { operationId: 'listWorkspaces', answer: ok(z.array(zWorkspaceSummary)) },
  'GET /workspace/quota': { operationId: 'getSpaceQuota', answer: ok(zSpaceQuota) },
  'POST /workspace': { operationId: 'createWorkspace', form: true, answer: ok(zWorkspaceSummary) },
  'POST /workspace/invite/create': { operationId: 'createInvitation', body: zCreateInvitation, answer: ok(zInvitation) },
  'GET /workspace/invitation/:invitationId': { operationId: 'getInvitation', params: zInvitationParams, answer: ok(zInvitationInfo) },
  'POST /workspace/invitation/:invitationId': { operationId: 'acceptInvitation', params: zInvitationParams, answer: ok(zWorkspaceSummary) },
  'DELETE /workspace/invitation/:invitationId': { operationId: 'revokeInvitation', params: zInvitationParams, answer: ok(z.null()) },
  'GET /workspace/:id': { operationId: 'getWorkspace', params: zSpaceParams, answer: ok(zWorkspace) },
  'PATCH /workspace/:id': { operationId: 'updateWorkspace', params: zSpaceParams, form: true, answer: ok(zWorkspaceSummary) },
  'DELETE /workspace/:id': { operationId: 'deleteWorkspace', params: zSpaceParams, answer: ok(z.null()) },
  'GET /workspace/:id/status': { operationId: 'getWorkspaceStatus', params: zSpaceParams, answer: ok(zWorkspaceStatus) },
  'DELETE /workspace/:id/leave': { operationId: 'leaveWorkspace', params: zSpaceParams, answer: ok(z.null()) },
  'PATCH /workspace/:id/user/:userId': { operationId: 'changeMemberPermission', params: zMemberParams, body: zUpdateMember, answer: ok(zMember) },
  'DELETE /workspace/:id/user/:userId': { operationId: 'removeMember', params: zMemberParams, answer: ok(z.null()) },
  'GET /workspace/:id/events': { operationId: 'streamWorkspaceEvents', params: zSpaceParams, produces: ['text/event-stream'] },
} as const satisfies EndpointTable;
