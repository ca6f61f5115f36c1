import { describe, expect, it } from 'vitest';
import { appendQuery, endpointRequest } from './endpoint-path.ts';

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

describe('appendQuery', () => {
  it('leaves out empty values and repeats a list', () => {
    const q = appendQuery(new URLSearchParams(), { page: 2, search: '', tag: ['a', 'b'], favorite: false, folder: undefined, color: null });
    expect(q.toString()).toBe('page=2&tag=a&tag=b&favorite=false');
  });
});
