#!/usr/bin/env node
// `npm run check:docs` (and a step of `npm test`): keeps the documentation honest (issue #30).
// Fails, naming each problem, when
//   - README.md is longer than 150 lines (it is the front page; the manual is docs/);
//   - a `SPEC §N` (or §N.M) cited in apps/, packages/, e2e/, scripts/, docs/ or the README has
//     no heading `§N …` in docs/spec.md;
//   - a relative link in README.md or docs/*.md points at a file that does not exist, or at an
//     #anchor that is no heading of that file (GitHub's slugs);
//   - the README or docs name an npm script (`npm run x`, `npm test`, `npm start`) that
//     package.json does not have, or a root script runs a scripts/ file that does not exist.
// Plain Node, no dependencies.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const README_MAX_LINES = 150;
const CITING_DIRS = ['apps', 'packages', 'e2e', 'scripts', 'docs'];
const SKIP_DIRS = new Set([
  'node_modules', 'dist', 'dist-ssr', 'build', 'out', 'coverage', '.git', '.wxt', '.output', '.vite',
  '.turbo', 'test-results', 'playwright-report', 'data',
]);
const TEXT_EXT = /\.(?:[cm]?[jt]sx?|json|md|css|html|ya?ml|sql|txt)$/;

const problems = [];
const rel = (file) => path.relative(root, file);
const read = (file) => readFileSync(file, 'utf8');

function walk(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(path.join(dir, e.name), out);
    } else if (e.isFile() && TEXT_EXT.test(e.name)) {
      out.push(path.join(dir, e.name));
    }
  }
  return out;
}

const docsDir = path.join(root, 'docs');
const docFiles = [
  path.join(root, 'README.md'),
  ...(existsSync(docsDir) ? readdirSync(docsDir).filter((f) => f.endsWith('.md')).sort().map((f) => path.join(docsDir, f)) : []),
];

// ---- 1. The README's length --------------------------------------------------------------
const readme = read(path.join(root, 'README.md'));
const readmeLines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
if (readmeLines > README_MAX_LINES) {
  problems.push(
    `README.md is ${readmeLines} lines, over ${README_MAX_LINES}: move the detail into docs/ and link to it.`,
  );
}

// ---- Markdown helpers --------------------------------------------------------------------
/** The lines of a markdown text with fenced code blocks blanked (line numbers kept). */
function withoutFences(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    if (fence) {
      const close = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
      return '';
    }
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (m) {
      fence = m[1];
      return '';
    }
    return line;
  });
}

/** GitHub's anchor for a heading's text: markup dropped, lower case, punctuation removed, spaces to hyphens. */
function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();
/** Every anchor a markdown file offers: its headings' slugs (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutFences(read(file))) {
    const h = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (h) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

// ---- 2. Every SPEC § cited has its section in docs/spec.md --------------------------------
const specFile = path.join(docsDir, 'spec.md');
const sections = new Set();
if (existsSync(specFile)) {
  for (const line of withoutFences(read(specFile))) {
    const m = /^\s{0,3}#{1,6}\s+§(\d+(?:\.\d+)*)(?![\d.]*\d)/.exec(line);
    if (m) sections.add(m[1]);
  }
} else {
  problems.push('docs/spec.md is missing: the code cites the specification by section (SPEC §N).');
}

const citations = new Map(); // number → first place cited
const citingFiles = [...CITING_DIRS.flatMap((d) => walk(path.join(root, d))), path.join(root, 'README.md')];
const CITE = /SPEC\s*§\s?(\d+(?:\.\d+)*)((?:\s*(?:,|\/|&|\band\b|\bor\b)\s*§\s?\d+(?:\.\d+)*)*)/g;
for (const file of citingFiles) {
  const text = read(file);
  if (!text.includes('§')) continue;
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(CITE)) {
      const numbers = [m[1], ...[...m[2].matchAll(/§\s?(\d+(?:\.\d+)*)/g)].map((n) => n[1])];
      for (const n of numbers) if (!citations.has(n)) citations.set(n, `${rel(file)}:${i + 1}`);
    }
  });
}
const cited = [...citations.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
for (const n of cited) {
  const where = citations.get(n);
  if (!sections.has(n)) problems.push(`SPEC §${n} is cited (first at ${where}) but docs/spec.md has no heading '§${n} …'.`);
}

// ---- 3. Relative links and their anchors -------------------------------------------------
let linksChecked = 0;
for (const file of docFiles) {
  const lines = withoutFences(read(file));
  lines.forEach((raw, i) => {
    // Inline code is not a link: blank it (keeping the text around it).
    const line = raw.replace(/(`+)(?:(?!\1).)+?\1/g, 'code');
    for (const m of line.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // http:, mailto:…
      linksChecked += 1;
      const where = `${rel(file)}:${i + 1}`;
      const hash = target.indexOf('#');
      const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const dest = filePart ? path.resolve(path.dirname(file), filePart) : file;
      if (!existsSync(dest)) {
        problems.push(`${where}: the link '${target}' points at ${rel(dest)}, which does not exist.`);
        continue;
      }
      if (anchor !== null && dest.endsWith('.md') && statSync(dest).isFile() && !anchorsOf(dest).has(anchor)) {
        problems.push(`${where}: the link '${target}' names #${anchor}, which is no heading of ${rel(dest)}.`);
      }
    }
  });
}

// ---- 4. npm scripts the docs name exist --------------------------------------------------
const pkg = JSON.parse(read(path.join(root, 'package.json')));
const rootScripts = pkg.scripts ?? {};
const workspaceScripts = new Map();
for (const dir of ['apps', 'packages']) {
  for (const e of existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir), { withFileTypes: true }) : []) {
    const p = path.join(root, dir, e.name, 'package.json');
    if (e.isDirectory() && existsSync(p)) {
      const w = JSON.parse(read(p));
      workspaceScripts.set(w.name, w.scripts ?? {});
      workspaceScripts.set(`${dir}/${e.name}`, w.scripts ?? {});
    }
  }
}
for (const file of docFiles) {
  read(file).split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/\bnpm (?:run(?:-script)? ([\w:.-]+)|(test|start)\b)((?:\s+(?:--?[\w-]+(?:[= ](?!-)[\w@/.-]+)?))*)/g)) {
      const name = m[1] ?? m[2];
      const ws = /(?:-w|--workspace)[= ]([\w@/.-]+)/.exec(m[3] ?? '');
      const scripts = ws ? workspaceScripts.get(ws[1]) : rootScripts;
      if (!scripts) problems.push(`${rel(file)}:${i + 1}: 'npm … -w ${ws[1]}' names a workspace that does not exist.`);
      else if (!(name in scripts)) {
        problems.push(`${rel(file)}:${i + 1}: 'npm ${m[1] ? 'run ' : ''}${name}' is named, but ${ws ? ws[1] : 'package.json'} has no script '${name}'.`);
      }
    }
  });
}
for (const [name, command] of Object.entries(rootScripts)) {
  for (const m of command.matchAll(/(?:^|\s)((?:\.\/)?scripts\/[\w./-]+\.[cm]?[jt]s)\b/g)) {
    if (!existsSync(path.join(root, m[1]))) problems.push(`package.json script '${name}' runs ${m[1]}, which does not exist.`);
  }
}

// ---- Verdict -----------------------------------------------------------------------------
if (problems.length) {
  console.error(`check-docs: ${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(
  `check-docs: ok — README.md ${readmeLines}/${README_MAX_LINES} lines; SPEC ${cited.map((n) => `§${n}`).join(' ')} ` +
    `all in docs/spec.md; ${linksChecked} relative links in ${docFiles.length} files resolve.`,
);
