/**
 * Compiled by `npm run typecheck`, never run: calls of the typed client that must keep
 * type-checking against the generated schema (a renamed path, a changed body or answer
 * breaks the build). Issue #11 item 6.
 */
import { createSauceClient, type components } from './index.ts';

const sauce = createSauceClient({ baseUrl: 'https://sauce.example', accessToken: 'token' });

export async function usage() {
  const config = await sauce.GET('/api/auth/config');
  const devLogin: boolean | undefined = config.data?.data.devLogin;

  const spaces = await sauce.GET('/api/workspace');
  const first = spaces.data?.data[0];
  const permission: 'OWNER' | 'EDITOR' | 'READER' | undefined = first?.permission;

  const created = await sauce.POST('/api/archive/folder/{workspace}', {
    params: { path: { workspace: 1 } },
    body: { name: 'References' },
  });
  const folderId: number | undefined = created.data?.data.id;
  const code: string | undefined = created.error?.error.code;

  const list = await sauce.GET('/api/archive/sauce/{workspace}/list', { params: { path: { workspace: 1 }, query: { page: 1, pageSize: 20 } } });
  const titles: string[] = list.data?.data.results.map((s) => s.title) ?? [];

  // @ts-expect-error: no such path.
  await sauce.GET('/api/no-such-path');
  // @ts-expect-error: a folder's name is a string.
  await sauce.POST('/api/archive/folder/{workspace}', { params: { path: { workspace: 1 } }, body: { name: 5 } });

  const error: components['schemas']['Error'] | undefined = created.error;
  return { devLogin, permission, folderId, code, titles, error };
}
