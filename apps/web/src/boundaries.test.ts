// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue #19 item 4: the linter keeps the web app's layers (app → routes → features →
 * components / lib / state / i18n, features siblings) and refuses import loops. Each rule is
 * tried on a deliberately bad file, linted as if it stood at the path given (eslint.config.js
 * at the repository's root is the configuration tried).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const problemsOf = async (file: string, code: string, rule: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) }))[0]!.messages.filter((m) => m.ruleId === rule);
const layerErrors = (file: string, code: string) => problemsOf(file, code, 'import-x/no-restricted-paths');
const cycleErrors = (file: string, code: string) => problemsOf(file, code, 'import-x/no-cycle');

// The first lint loads ESLint's configuration and the import graph: seconds on a busy machine.
describe('web layers (issue #19 item 4)', { timeout: 30_000 }, () => {
  it('refuses a feature importing another feature, and allows its own files and lib/', async () => {
    const bad = "import { formatSauceDate } from '../../sauce-list/lib/colour-presets.ts';\nexport const f = formatSauceDate;\n";
    const errors = await layerErrors('features/tags/components/bad.ts', bad);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("Features are siblings: 'tags'");

    const good = [
      "import { normalizeTag } from '../lib/tag-rules.ts';",
      "import { useProfile } from '../../../lib/session.ts';",
      "import { Button } from '../../../components/button.tsx';",
      'export const f = [normalizeTag, useProfile, Button];',
      '',
    ].join('\n');
    expect(await layerErrors('features/tags/components/good.ts', good)).toHaveLength(0);
  });

  it('refuses lib/, components/ and state/ importing a feature, a page or the shell', async () => {
    const feature = "import { formatSauceDate } from '../features/sauce-list/lib/colour-presets.ts';\nexport const f = formatSauceDate;\n";
    expect(await layerErrors('lib/bad.ts', feature)).toHaveLength(1);
    expect(await layerErrors('state/bad.ts', feature)).toHaveLength(1);
    const page = "import { NotFoundPage } from '../routes/not-found-page.tsx';\nimport { Header } from '../app/header.tsx';\nexport const f = [NotFoundPage, Header];\n";
    expect(await layerErrors('components/bad.ts', page)).toHaveLength(2);
  });

  it('refuses a feature or a page reaching up, and allows a page composing features', async () => {
    const up = "import { NotFoundPage } from '../../../routes/not-found-page.tsx';\nexport const f = NotFoundPage;\n";
    expect(await layerErrors('features/tags/components/bad.ts', up)).toHaveLength(1);
    const shell = "import { Header } from '../../app/header.tsx';\nexport const f = Header;\n";
    expect(await layerErrors('routes/mypage/bad.ts', shell)).toHaveLength(1);
    const page = "import { TagManager } from '../../features/tags/components/tag-manager.tsx';\nimport { useProfile } from '../../lib/session.ts';\nexport const f = [TagManager, useProfile];\n";
    expect(await layerErrors('routes/mypage/good.ts', page)).toHaveLength(0);
  });
});

describe('web import loops (issue #19 item 4)', { timeout: 30_000 }, () => {
  // lib/session.ts imports lib/api.ts: an api.ts that imports session.ts back closes a loop.
  it('refuses a loop, static or through a lazy import()', async () => {
    const staticLoop = "import { useProfile } from './session.ts';\nexport const f = useProfile;\n";
    expect(await cycleErrors('lib/api.ts', staticLoop)).toHaveLength(1);
    const lazyLoop = "export const load = () => import('./session.ts');\n";
    expect(await cycleErrors('lib/api.ts', lazyLoop)).toHaveLength(1);
  });

  it('allows the same import where nothing imports back', async () => {
    const fine = "import { useProfile } from './session.ts';\nexport const f = useProfile;\n";
    expect(await cycleErrors('lib/plan-extra.ts', fine)).toHaveLength(0);
  });
});
