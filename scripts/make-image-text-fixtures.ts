// Issue #33: draws the 20 web pages of apps/api/src/test/fixtures/screenshots/pages.json in
// Chromium (playwright-core, CHROMIUM_PATH or /usr/bin/chromium, the machine's fonts) at
// 1440×900 and writes each page's screenshot beside it as <name>.png (a 64-colour palette
// PNG: the fixtures stay small). Run once, and again only when pages.json changes:
//   npx tsx scripts/make-image-text-fixtures.ts
// It also checks that no page holds every word of another page's headline (the test's
// "none of the other 19 is found" would then be the fixture's fault, not the search's).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

interface Page {
  name: string;
  lang: 'en' | 'ko';
  theme: string;
  headline: string;
  sub: string;
  body: string[];
}

const DIR = path.join(import.meta.dirname, '../apps/api/src/test/fixtures/screenshots');
const { pages } = JSON.parse(readFileSync(path.join(DIR, 'pages.json'), 'utf8')) as { pages: Page[] };

/** Background, ink and accent of each kind of page. */
const THEMES: Record<string, { bg: string; ink: string; accent: string; hero: string }> = {
  saas: { bg: '#ffffff', ink: '#111827', accent: '#4f46e5', hero: '#eef2ff' },
  pricing: { bg: '#f8fafc', ink: '#0f172a', accent: '#0f766e', hero: '#ffffff' },
  product: { bg: '#fafaf9', ink: '#1c1917', accent: '#b45309', hero: '#f5f5f4' },
  food: { bg: '#fffbeb', ink: '#3f2d1f', accent: '#c2410c', hero: '#fef3c7' },
  course: { bg: '#ffffff', ink: '#1f2937', accent: '#be123c', hero: '#fff1f2' },
  app: { bg: '#f0fdf4', ink: '#14532d', accent: '#15803d', hero: '#dcfce7' },
  shop: { bg: '#ffffff', ink: '#0c0a09', accent: '#1d4ed8', hero: '#e0f2fe' },
  blog: { bg: '#ffffff', ink: '#262626', accent: '#7c3aed', hero: '#faf5ff' },
};

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function html(p: Page): string {
  const t = THEMES[p.theme] ?? THEMES.saas!;
  const nav = p.lang === 'ko' ? ['제품', '가격', '고객 사례', '블로그'] : ['Product', 'Pricing', 'Customers', 'Blog'];
  const cta = p.lang === 'ko' ? ['지금 시작', '자세히 보기'] : ['Get started', 'Learn more'];
  return `<!doctype html><html lang="${p.lang}"><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; margin: 0; }
    body { width: 1440px; height: 900px; overflow: hidden; background: ${t.bg}; color: ${t.ink};
      font-family: 'Liberation Sans', 'DejaVu Sans', 'Noto Sans CJK KR', sans-serif; }
    nav { display: flex; align-items: center; gap: 40px; padding: 28px 96px; border-bottom: 1px solid #e5e7eb; font-size: 17px; }
    nav .logo { font-weight: 700; font-size: 22px; color: ${t.accent}; margin-right: auto; }
    .hero { background: ${t.hero}; padding: 110px 96px 90px; }
    h1 { font-size: 60px; line-height: 1.15; font-weight: 700; max-width: 1100px; letter-spacing: -0.5px; }
    .sub { margin-top: 24px; font-size: 24px; line-height: 1.5; color: ${t.ink}cc; max-width: 900px; }
    .cta { margin-top: 40px; display: flex; gap: 16px; }
    .cta span { padding: 16px 28px; border-radius: 10px; font-size: 18px; font-weight: 600; }
    .cta .primary { background: ${t.accent}; color: #fff; }
    .cta .secondary { border: 2px solid ${t.accent}; color: ${t.accent}; }
    .cards { display: flex; gap: 24px; padding: 56px 96px; }
    .card { flex: 1; border: 1px solid #e5e7eb; border-radius: 14px; padding: 28px; font-size: 20px; background: #fff; }
  </style></head><body>
    <nav><span class="logo">${p.lang === 'ko' ? '스튜디오' : 'Studio'} ${p.name.slice(3)}</span>${nav.map((n) => `<span>${n}</span>`).join('')}</nav>
    <section class="hero"><h1>${esc(p.headline)}</h1><p class="sub">${esc(p.sub)}</p>
      <div class="cta"><span class="primary">${cta[0]}</span><span class="secondary">${cta[1]}</span></div></section>
    <section class="cards">${p.body.map((b) => `<div class="card">${esc(b)}</div>`).join('')}</section>
  </body></html>`;
}

/** The words a search of `headline` must find, roughly as services/search.ts reads them: Korean runs, English words (lower case). */
function wordsOf(headline: string): string[] {
  return headline.toLowerCase().match(/[가-힣]+|[a-z0-9]+/g) ?? [];
}

// No page may hold every word of another's headline (English words as prefixes, as the search's stems are).
for (const p of pages) {
  for (const other of pages) {
    if (other === p) continue;
    const text = [other.headline, other.sub, ...other.body].join(' ').toLowerCase();
    const words = text.match(/[가-힣]+|[a-z0-9]+/g) ?? [];
    const all = wordsOf(p.headline).every((w) => (/[가-힣]/.test(w) ? text.includes(w) : words.some((x) => x.startsWith(w.slice(0, Math.max(3, w.length - 2))))));
    if (all) throw new Error(`${other.name} holds every word of ${p.name}'s headline`);
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  for (const p of pages) {
    await page.setContent(html(p));
    await page.evaluate('document.fonts.ready');
    const shot = await page.screenshot({ type: 'png' });
    const png = await sharp(shot).png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 }).toBuffer();
    writeFileSync(path.join(DIR, `${p.name}.png`), png);
    console.log(`${p.name}.png ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
