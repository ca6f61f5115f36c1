import type { SauceImage } from '@sauce/contract/sauces';
import { COLLAGE_SIZE } from '../services/board-collage.ts';
import type { BoardGate } from '../services/boards.ts';
import { THUMBNAIL_WIDTH_PX } from '../services/image-processing.ts';
import type { SauceRecord } from '../services/sauces/card.ts';
import type { Head, Lang } from './html.ts';

/** The site's name in titles and `og:site_name`. */
export const SITE_NAME = 'Sauce';

/** Days the preview image's signed URL lasts (7–8): chat apps fetch it when a link is pasted, and some again later. */
export const PREVIEW_IMAGE_DAYS = 7;

/** Longest `og:description`, characters (about what chat apps show). */
const DESCRIPTION_CHARS = 160;

/** Public pages, which search engines may index and sitemap.xml lists (SPEC §1: article, landing page). */
export const PUBLIC_PAGES = ['/intro', '/article'] as const;

/** What the server says about the public pages and shared sources, in each language. Same words as the web app's (i18n shell.json). */
const COPY = {
  ko: {
    locale: 'ko_KR',
    generic: '팀을 위한 레퍼런스 아카이브',
    '/intro': {
      title: 'Sauce · 팀을 위한 레퍼런스 아카이브',
      description:
        'Sauce는 좋은 레퍼런스를 한곳에 모아 두는 아카이브예요. 이미지에는 위치마다 코멘트를 남기고, 링크는 메모와 함께 저장하고, 폴더와 태그로 정리해 팀과 나눠 보세요.',
    },
    '/article': {
      title: '아티클 · Sauce',
      description: '디자인, 비즈니스, 개발, 마케팅 분야에서 고른 아티클을 읽고, 내 소스로 저장하고, 요약해 보세요.',
    },
    images: (images: number, comments: number) => `이미지 ${images}장 · 코멘트 ${comments}개`,
    untitled: '제목 없는 소스',
    board: (space: string, sources: number) => `${space}의 보드 · 소스 ${sources}개`,
  },
  en: {
    locale: 'en_US',
    generic: 'The reference archive for teams',
    '/intro': {
      title: 'Sauce · The reference archive for teams',
      description:
        'Sauce keeps your best references in one place. Pin comments right on images, save links with your notes, organise everything with folders and tags, and share it with your team.',
    },
    '/article': {
      title: 'Articles · Sauce',
      description: 'Curated articles on design, business, development and marketing: read them, save them to your sources, and summarise them.',
    },
    images: (images: number, comments: number) =>
      `${images} ${images === 1 ? 'image' : 'images'} · ${comments} ${comments === 1 ? 'comment' : 'comments'}`,
    untitled: 'Untitled source',
    board: (space: string, sources: number) => `A board of ${space} · ${sources} ${sources === 1 ? 'source' : 'sources'}`,
  },
} as const;

/** The head of a public page (`/intro`, `/article`): indexable, with its title and description. */
export function publicPageHead(path: (typeof PUBLIC_PAGES)[number], lang: Lang, publicUrl: string): Head {
  const page = COPY[lang][path];
  return { lang, title: page.title, description: page.description, canonical: new URL(path, publicUrl).toString() };
}

/** The head of any other page (signed-in pages, unknown paths, disabled or unknown shares): generic and `noindex`. */
export function privatePageHead(lang: Lang): Head {
  return { lang, title: SITE_NAME, description: COPY[lang].generic, noindex: true };
}

/** Text cut at a word boundary to at most `max` characters, whitespace collapsed, '…' when cut. */
function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The Open Graph and Twitter card tags of a page's link preview, in the order chat apps read
 * them: its `image` (absolute URL; its type and size when known) makes a large card, none a
 * `summary` card; `url` null leaves `og:url` out. Values are escaped by the shell.
 */
function cardTags(
  lang: Lang,
  card: { type: string; url: string | null; title: string; description: string; image: { url: string; size: { type: string; width: number; height: number } | null } | null },
): NonNullable<Head['meta']> {
  const { image, title, description } = card;
  const meta: NonNullable<Head['meta']> = [
    { property: 'og:type', content: card.type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: COPY[lang].locale },
    ...(card.url ? [{ property: 'og:url', content: card.url }] : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
  if (image) {
    meta.push({ property: 'og:image', content: image.url });
    if (image.size) {
      meta.push(
        { property: 'og:image:type', content: image.size.type },
        { property: 'og:image:width', content: String(image.size.width) },
        { property: 'og:image:height', content: String(image.size.height) },
      );
    }
    meta.push({ property: 'og:image:alt', content: title });
  }
  meta.push(
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  );
  if (image) meta.push({ name: 'twitter:image', content: image.url });
  return meta;
}

/**
 * The head of a publicly shared source (issue #11 item 4): Open Graph and Twitter card
 * tags a chat app or search engine reads. Title: the source's title (a text source's link
 * title when it has none). Description: a text source's text (or its link's description),
 * an image source's image and comment count. Image: the first image's thumbnail (WebP, at
 * most 640 px wide), `imageUrl` being its absolute signed URL; a text source's link image
 * when it is an absolute http(s) URL; none otherwise (then a `summary` card).
 * `url` is the share page's absolute URL. Values are escaped by the shell, not here.
 */
export function sharedSauceHead(
  sauce: SauceRecord,
  images: SauceImage[],
  opts: { lang: Lang; url: string; imageUrl: string | null; indexable: boolean },
): Head {
  const copy = COPY[opts.lang];
  const title = sauce.title.trim() || sauce.linkTitle.trim() || copy.untitled;
  const description =
    sauce.type === 'TEXT'
      ? excerpt(sauce.text?.trim() || sauce.linkDescription || sauce.link || copy.generic, DESCRIPTION_CHARS)
      : copy.images(images.length, images.reduce((n, image) => n + image.comments.length, 0));
  const image = opts.imageUrl ?? (/^https?:\/\//i.test(sauce.linkImage) ? sauce.linkImage : null);
  const cover = sauce.cover;
  // The thumbnail is at most THUMBNAIL_WIDTH_PX wide and never enlarged.
  const width = cover && opts.imageUrl ? Math.min(THUMBNAIL_WIDTH_PX, cover.width) : null;
  const size = width && cover ? { type: 'image/webp', width, height: Math.max(1, Math.round((cover.height * width) / cover.width)) } : null;
  const meta = cardTags(opts.lang, { type: 'article', url: opts.url, title, description, image: image ? { url: image, size } : null });
  // Issue #32: `noindex` unless its owner allows indexing (ids are unguessable, handed out by their owners).
  return { lang: opts.lang, title: `${title} · ${SITE_NAME}`, description, canonical: opts.url, meta, noindex: !opts.indexable };
}

/**
 * Issue #32: the head of a board that is open to everyone — its card names the folder and
 * the space, with the collage of its first four images (services/board-collage.ts; `imageUrl`
 * its absolute signed URL, null: a `summary` card without a picture). `url` is the board's
 * absolute URL. `noindex` unless its owner allows indexing (`indexable`). Values are escaped by the shell.
 */
export function boardHead(gate: BoardGate, opts: { lang: Lang; url: string; imageUrl: string | null; indexable: boolean }): Head {
  const copy = COPY[opts.lang];
  const title = gate.folderName;
  const description = copy.board(gate.spaceName, gate.itemCount);
  const size = { type: 'image/jpeg', ...COLLAGE_SIZE };
  const meta = cardTags(opts.lang, { type: 'website', url: opts.url, title, description, image: opts.imageUrl ? { url: opts.imageUrl, size } : null });
  return { lang: opts.lang, title: `${title} · ${gate.spaceName} · ${SITE_NAME}`, description, canonical: opts.url, meta, noindex: !opts.indexable };
}

/**
 * Issue #32: the head of a share that shows nothing until its visitor does something — a
 * protected one (the page asks for the password) or an expired one: a neutral card, the
 * site's name alone, no title and no picture of what it holds; `noindex`.
 */
export function closedShareHead(lang: Lang): Head {
  const copy = COPY[lang];
  const meta = cardTags(lang, { type: 'website', url: null, title: SITE_NAME, description: copy.generic, image: null });
  return { lang, title: SITE_NAME, description: copy.generic, noindex: true, meta };
}
