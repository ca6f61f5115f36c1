import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue #19 items 4 and 5: the linter keeps the API's layers — a route holds no SQL, a service
 * never presents — and refuses import loops. Each rule is tried on a deliberately bad file
 * (linted as if it stood there).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });
const problemsOf = async (file: string, code: string, rule: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, file) }))[0]!.messages.filter((m) => m.ruleId === rule);
const errorsOf = (file: string, code: string) => problemsOf(file, code, 'no-restricted-imports');

describe('API layers (issue #19)', () => {
  it('refuses SQL in a route', async () => {
    const bad = "import { sql } from 'drizzle-orm';\nimport { users } from '../../db/schema.ts';\nexport const q = [sql, users];\n";
    expect(await errorsOf('apps/api/src/routes/sauces/bad.ts', bad)).toHaveLength(2);
    expect(await errorsOf('apps/api/src/services/bad.ts', bad)).toHaveLength(0);
  });

  it('refuses a presenter in a service', async () => {
    const bad = "import { presentSauce } from '../presenters/sauce.ts';\nexport const p = presentSauce;\n";
    expect(await errorsOf('apps/api/src/services/bad.ts', bad)).toHaveLength(1);
    expect(await errorsOf('apps/api/src/routes/bad.ts', bad.replace('../presenters', '../../presenters'))).toHaveLength(0);
  });
});

describe('API import loops (issue #19 item 4)', () => {
  // db/locks.ts imports errors.ts: an errors.ts that imports locks.ts back closes a loop.
  it('refuses a loop, static or through a lazy import()', async () => {
    const loop = "import { retryOnConflict } from './db/locks.ts';\nexport const f = retryOnConflict;\n";
    expect(await problemsOf('apps/api/src/errors.ts', loop, 'import-x/no-cycle')).toHaveLength(1);
    const lazy = "export const load = () => import('./db/locks.ts');\n";
    expect(await problemsOf('apps/api/src/errors.ts', lazy, 'import-x/no-cycle')).toHaveLength(1);
    expect(await problemsOf('apps/api/src/bad.ts', loop, 'import-x/no-cycle')).toHaveLength(0);
  });
});
