import { describe, expect, it } from 'vitest';
import { endpointRequest } from './endpoint-path.ts';

describe('endpointRequest (issue #30 item 3)', () => {
  it('splits the key and fills each :name of the path, encoded', () => {
    expect(endpointRequest('PATCH /archive/folder/:workspace/:folderId', { workspace: 3, folderId: 12 })).toEqual({
      method: 'PATCH',
      path: '/archive/folder/3/12',
    });
    expect(endpointRequest('DELETE /archive/tag/:name', { name: '디자인/ux' }).path).toBe('/archive/tag/%EB%94%94%EC%9E%90%EC%9D%B8%2Fux');
    expect(endpointRequest('GET /workspace')).toEqual({ method: 'GET', path: '/workspace' });
  });

  it('refuses a path parameter without a value rather than calling a wrong path', () => {
    expect(() => endpointRequest('GET /workspace/:id', {})).toThrow(':id');
  });
});
