/**
 * Issue #31: small pages modelled on the markup of real sites (WordPress with Yoast and lazy
 * loading, Ghost, Medium, Blogger, Reddit, AMP, Shopify, Next.js, Hugo, news CMSs, old
 * microdata themes…), each cut down to what decides its preview image. None has og:image:
 * they test what parseMetadata falls back to. `image` is the picture a person would pick
 * for the card (an absolute URL), or '' when the page has nothing but icons, logos and
 * pixels. Every page also carries the decoys such sites really have before their picture.
 */
export interface ImagePage {
  name: string;
  /** The page's final URL. */
  url: string;
  html: string;
  /** The expected image: absolute URL, or '' for none. */
  image: string;
}

const page = (head: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const icons = `<link rel="icon" href="/favicon.ico" sizes="any"><link rel="icon" href="/icon.svg" type="image/svg+xml">
  <link rel="apple-touch-icon" href="/apple-touch-icon.png"><link rel="mask-icon" href="/safari-pinned-tab.svg" color="#000">`;

export const IMAGE_PAGES: ImagePage[] = [
  {
    name: 'WordPress + Yoast: @graph with #primaryimage references and an Organization logo',
    url: 'https://garden.example/2023/05/tomatoes/',
    image: 'https://garden.example/wp-content/uploads/2023/05/tomatoes.jpg',
    html: page(
      `<title>Growing tomatoes</title>${icons}${ld({
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Article',
            '@id': 'https://garden.example/2023/05/tomatoes/#article',
            author: { name: 'Jane', '@id': 'https://garden.example/#/schema/person/1' },
            headline: 'Growing tomatoes',
            publisher: { '@id': 'https://garden.example/#organization' },
            image: { '@id': 'https://garden.example/2023/05/tomatoes/#primaryimage' },
          },
          {
            '@type': 'WebPage',
            '@id': 'https://garden.example/2023/05/tomatoes/',
            primaryImageOfPage: { '@id': 'https://garden.example/2023/05/tomatoes/#primaryimage' },
          },
          {
            '@type': 'ImageObject',
            '@id': 'https://garden.example/2023/05/tomatoes/#primaryimage',
            url: 'https://garden.example/wp-content/uploads/2023/05/tomatoes.jpg',
            contentUrl: 'https://garden.example/wp-content/uploads/2023/05/tomatoes.jpg',
            width: 1200,
            height: 800,
          },
          {
            '@type': 'Organization',
            '@id': 'https://garden.example/#organization',
            name: 'Garden',
            logo: { '@type': 'ImageObject', '@id': 'https://garden.example/#/schema/logo/image/', url: 'https://garden.example/wp-content/uploads/brand.png' },
            image: { '@id': 'https://garden.example/#/schema/logo/image/' },
          },
          {
            '@type': 'Person',
            '@id': 'https://garden.example/#/schema/person/1',
            name: 'Jane',
            image: { '@type': 'ImageObject', url: 'https://secure.gravatar.com/avatar/abc?s=96&d=mm&r=g' },
          },
        ],
      })}`,
      `<header class="site-header"><a href="/" class="custom-logo-link"><img width="250" height="60" src="/wp-content/uploads/brand.png" class="custom-logo"></a></header>
      <main id="main"><article><h1>Growing tomatoes</h1><p>Start indoors.</p></article></main>`,
    ),
  },
  {
    name: 'news site: NewsArticle JSON-LD with an array of ImageObjects (16x9, 4x3, 1x1), SVG logo',
    url: 'https://news.example/world/2024/01/15/floods-story',
    image: 'https://static.news.example/images/2024/01/15/floods-16x9.jpg',
    html: page(
      `<title>Floods</title>${ld({
        '@context': 'http://schema.org',
        '@type': 'NewsArticle',
        headline: 'Floods',
        image: [
          { '@type': 'ImageObject', url: 'https://static.news.example/images/2024/01/15/floods-16x9.jpg', width: 1600, height: 900 },
          { '@type': 'ImageObject', url: 'https://static.news.example/images/2024/01/15/floods-4x3.jpg', width: 1200, height: 900 },
          { '@type': 'ImageObject', url: 'https://static.news.example/images/2024/01/15/floods-1x1.jpg', width: 900, height: 900 },
        ],
        publisher: { '@type': 'NewsMediaOrganization', name: 'News', logo: { '@type': 'ImageObject', url: 'https://news.example/logo-amp.png' } },
      })}`,
      '<header><a href="/"><img src="/assets/news-logo.svg" alt="News"></a></header><article><h1>Floods</h1><p>Rain.</p></article>',
    ),
  },
  {
    name: 'Blogger: link rel=image_src only',
    url: 'https://someone.blogspot.example/2012/03/spring.html',
    image: 'https://blogger.googleusercontent.example/img/b/R29vZ2xl/s320/spring.jpg',
    html: page(
      '<title>Spring</title><link rel="image_src" href="https://blogger.googleusercontent.example/img/b/R29vZ2xl/s320/spring.jpg">',
      '<div class="post-body entry-content"><p>Flowers.</p></div>',
    ),
  },
  {
    name: 'Medium: a 44 px author avatar, then a <picture> with webp sources',
    url: 'https://medium.example/@writer/on-focus-3f2a1b',
    image: 'https://miro.medium.example/v2/resize:fit:1400/format:webp/1*Xy9.jpeg',
    html: page(
      '<title>On focus</title>',
      `<div><a href="/@writer"><img alt="Writer" class="l ep by" src="https://miro.medium.example/v2/resize:fill:88:88/1*av.jpeg" width="44" height="44" loading="lazy"></a></div>
      <article><section><figure><div><picture>
        <source srcset="https://miro.medium.example/v2/resize:fit:640/format:webp/1*Xy9.jpeg 640w, https://miro.medium.example/v2/resize:fit:1100/format:webp/1*Xy9.jpeg 1100w, https://miro.medium.example/v2/resize:fit:1400/format:webp/1*Xy9.jpeg 1400w" sizes="(min-resolution: 4dppx) and (max-width: 700px) 50vw, 700px" type="image/webp">
        <source srcset="https://miro.medium.example/v2/resize:fit:640/1*Xy9.jpeg 640w, https://miro.medium.example/v2/resize:fit:1100/1*Xy9.jpeg 1100w" sizes="700px">
        <img alt="" class="bh me mf c" width="700" height="467" loading="eager" role="presentation">
      </picture></div></figure><p>Text.</p></section></article>`,
    ),
  },
  {
    name: 'Ghost (Casper): header logo, then a feature image with a w300…w2000 srcset',
    url: 'https://ghost.example/welcome/',
    image: 'https://ghost.example/content/images/size/w2000/2023/01/feature.jpg',
    html: page(
      '<title>Welcome</title>',
      `<header id="gh-head" class="gh-head"><a class="gh-head-logo" href="https://ghost.example"><img src="https://ghost.example/content/images/2023/01/site-mark.png" alt="Ghost"></a></header>
      <main id="site-main" class="site-main"><article class="article post"><header class="article-header gh-canvas"><h1 class="article-title">Welcome</h1>
      <figure class="article-image"><img srcset="/content/images/size/w300/2023/01/feature.jpg 300w, /content/images/size/w600/2023/01/feature.jpg 600w, /content/images/size/w1000/2023/01/feature.jpg 1000w, /content/images/size/w2000/2023/01/feature.jpg 2000w" sizes="(min-width: 1400px) 1400px, 92vw" src="/content/images/size/w2000/2023/01/feature.jpg" alt="Welcome"></figure>
      </header><section class="gh-content"><p>Hello.</p></section></article></main>`,
    ),
  },
  {
    name: 'WordPress + lazysizes: data:image/svg placeholder src, data-src and data-srcset, <noscript> copy',
    url: 'https://travel.example/iceland-ring-road/',
    image: 'https://travel.example/wp-content/uploads/2022/08/ring-road.jpg',
    html: page(
      '<title>Ring road</title>',
      `<div class="site-branding"><img src="https://travel.example/wp-content/uploads/2020/01/cropped-site-icon-32x32.png" width="32" height="32"></div>
      <article id="post-12" class="post type-post"><div class="post-thumbnail">
      <img width="1024" height="576" src="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%201024%20576'%3E%3C/svg%3E" data-src="https://travel.example/wp-content/uploads/2022/08/ring-road-1024x576.jpg" data-srcset="https://travel.example/wp-content/uploads/2022/08/ring-road-300x169.jpg 300w, https://travel.example/wp-content/uploads/2022/08/ring-road-1024x576.jpg 1024w, https://travel.example/wp-content/uploads/2022/08/ring-road.jpg 1920w" data-sizes="auto" class="attachment-large size-large wp-post-image lazyload" alt="">
      <noscript><img width="1024" height="576" src="https://travel.example/wp-content/uploads/2022/08/ring-road-1024x576.jpg" class="attachment-large size-large wp-post-image" alt=""></noscript>
      </div><div class="entry-content"><p>Drive.</p></div></article>`,
    ),
  },
  {
    name: 'a tracking pixel and a logo come first, then a 1200×630 story image',
    url: 'https://local.example/news/park-opens',
    image: 'https://local.example/media/park-opens-1200x630.jpg',
    html: page(
      '<title>Park opens</title>',
      `<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=123&amp;ev=PageView&amp;noscript=1"></noscript>
      <img src="https://sb.scorecardresearch.com/p?c1=2&amp;c2=999&amp;cv=2.0&amp;cj=1" alt="">
      <div class="top"><a href="/"><img src="/assets/local-logo.png" alt="Local News"></a></div>
      <div class="story"><img src="/media/park-opens-1200x630.jpg" width="1200" height="630" alt="The park"></div>`,
    ),
  },
  {
    name: 'Reddit: the poster’s avatar first, then the post’s image',
    url: 'https://www.reddit.example/r/pics/comments/abc/sunset/',
    image: 'https://preview.redd.example/sunset-v0-abc.jpg?width=640&crop=smart&auto=webp',
    html: page(
      '<title>Sunset : r/pics</title>',
      `<shreddit-post><div slot="credit-bar"><img alt="u/poster avatar" class="rounded-full" src="https://styles.redditmedia.example/t5_2/styles/profileIcon_snoo.png" loading="lazy"></div>
      <div slot="post-media-container"><img alt="r/pics - Sunset" src="https://preview.redd.example/sunset-v0-abc.jpg?width=640&amp;crop=smart&amp;auto=webp" class="media-lightbox-img"></div></shreddit-post>`,
    ),
  },
  {
    name: 'a README rendered by a docs host: status badges, then a relative screenshot',
    url: 'https://docs.example/projects/fastlib/',
    image: 'https://docs.example/projects/fastlib/docs/screenshot.png',
    html: page(
      '<title>fastlib</title>',
      `<article class="markdown-body entry-content"><h1>fastlib</h1>
      <p><a href="https://npm.example/fastlib"><img src="https://img.shields.io/npm/v/fastlib.svg" alt="npm version"></a>
      <a href="https://github.example/o/fastlib/actions"><img src="https://github.example/o/fastlib/actions/workflows/ci.yml/badge.svg" alt="CI"></a></p>
      <p><img src="docs/screenshot.png" alt="Screenshot of fastlib"></p></article>`,
    ),
  },
  {
    name: 'a recipe site with microdata: the author’s photo in a Person scope, then a protocol-relative itemprop=image',
    url: 'https://recipes.example/pancakes',
    image: 'https://images.recipes.example/pancakes.jpg',
    html: page(
      '<title>Pancakes</title>',
      `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Pancakes</h1>
      <div itemprop="author" itemscope itemtype="http://schema.org/Person"><img itemprop="image" src="/people/jane.jpg"><span itemprop="name">Jane</span></div>
      <img itemprop="image" src="//images.recipes.example/pancakes.jpg" alt="Pancakes"></div>`,
    ),
  },
  {
    name: 'a news theme: itemprop=image as an ImageObject scope with <meta itemprop=url>',
    url: 'https://daily.example/2022/03/budget/',
    image: 'https://daily.example/wp-content/uploads/2022/03/budget-cover.jpg',
    html: page(
      '<title>Budget</title>',
      `<article itemscope itemtype="https://schema.org/Article"><div class="td-post-header"><h1 itemprop="headline">Budget</h1></div>
      <div itemprop="publisher" itemscope itemtype="https://schema.org/Organization"><div itemprop="logo" itemscope itemtype="https://schema.org/ImageObject"><meta itemprop="url" content="https://daily.example/wp-content/uploads/daily-mark.png"></div></div>
      <div itemprop="image" itemscope itemtype="https://schema.org/ImageObject"><meta itemprop="url" content="https://daily.example/wp-content/uploads/2022/03/budget-cover.jpg"><meta itemprop="width" content="1068"><meta itemprop="height" content="712"></div></article>`,
    ),
  },
  {
    name: 'twitter:image:src only (older GitHub-style pages)',
    url: 'https://code.example/o/repo',
    image: 'https://opengraph.code.example/abc/o/repo',
    html: page('<title>o/repo</title><meta name="twitter:card" content="summary_large_image"><meta name="twitter:image:src" content="https://opengraph.code.example/abc/o/repo">', '<main><p>Code</p></main>'),
  },
  {
    name: 'og:image:secure_url without og:image',
    url: 'https://shop.example/products/mug',
    image: 'https://cdn.shop.example/mug.jpg',
    html: page('<title>Mug</title><meta property="og:image:secure_url" content="https://cdn.shop.example/mug.jpg"><meta property="og:image:width" content="1200">', ''),
  },
  {
    name: 'documentation with <base href> and a relative diagram',
    url: 'https://docs.example/guide/setup.html',
    image: 'https://static.docs.example/v2/img/architecture.png',
    html: page(
      '<title>Setup</title><base href="https://static.docs.example/v2/">',
      '<nav><img src="img/menu.png" width="24" height="24"></nav><main><h1>Setup</h1><img src="img/architecture.png" width="800" height="450" alt="Architecture"></main>',
    ),
  },
  {
    name: 'AMP: a 190×36 logo <amp-img> in the header, a 1280×720 one in the article',
    url: 'https://amp.news.example/story/amp',
    image: 'https://cdn.news.example/hero-1280.jpg',
    html: page(
      '<title>AMP story</title>',
      `<header class="amp-header"><amp-img src="https://cdn.news.example/masthead.png" width="190" height="36" layout="fixed"></amp-img></header>
      <article><amp-img src="https://cdn.news.example/hero-1280.jpg" width="1280" height="720" layout="responsive" alt="Hero"></amp-img></article>`,
    ),
  },
  {
    name: 'Shopify: Product JSON-LD with a protocol-relative image',
    url: 'https://store.example/products/shirt',
    image: 'https://cdn.shopify.example/s/files/1/0001/products/shirt.jpg?v=1650000000',
    html: page(
      `<title>Shirt</title>${ld({ '@context': 'http://schema.org/', '@type': 'Product', name: 'Shirt', image: ['//cdn.shopify.example/s/files/1/0001/products/shirt.jpg?v=1650000000'], brand: { '@type': 'Brand', name: 'Store' } })}`,
      '<header><img src="//store.example/cdn/shop/files/store_logo_200x.png" alt="Store"></header>',
    ),
  },
  {
    name: 'a video page: VideoObject JSON-LD with thumbnailUrl',
    url: 'https://video.example/watch?v=xyz',
    image: 'https://i.video.example/vi/xyz/maxresdefault.jpg',
    html: page(
      `<title>Video</title>${ld({ '@context': 'https://schema.org', '@type': 'VideoObject', name: 'Video', thumbnailUrl: ['https://i.video.example/vi/xyz/maxresdefault.jpg', 'https://i.video.example/vi/xyz/hqdefault.jpg'] })}`,
      '<div id="player"></div>',
    ),
  },
  {
    name: 'a lazy-load theme that leaves the real image only in <noscript>',
    url: 'https://photos.example/river',
    image: 'https://photos.example/uploads/2021/river.jpg',
    html: page(
      '<title>River</title>',
      `<main><figure><img class="js-lazy" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="River">
      <noscript><img src="/uploads/2021/river.jpg" width="900" height="600" alt="River"></noscript></figure></main>`,
    ),
  },
  {
    name: 'a news CMS with <meta name="thumbnail"> only',
    url: 'https://tv.example/2024/02/02/politics/vote/index.html',
    image: 'https://media.tv.example/api/v1/images/stellar/prod/vote-super-169.jpg',
    html: page('<title>Vote</title><meta name="thumbnail" content="https://media.tv.example/api/v1/images/stellar/prod/vote-super-169.jpg">', '<div class="article__content"><p>Vote.</p></div>'),
  },
  {
    name: 'a WordPress post: an emoji, then a photo without sizes, then gravatars in the comments',
    url: 'https://diary.example/2020/07/garden/',
    image: 'https://diary.example/wp-content/uploads/2020/07/garden.jpg',
    html: page(
      '<title>My garden</title>',
      `<div class="entry-content"><p>So happy <img draggable="false" role="img" class="emoji" alt="😀" src="https://s.w.org/images/core/emoji/14.0.0/svg/1f600.svg"></p>
      <p><img src="/wp-content/uploads/2020/07/garden.jpg" alt="My garden in July"></p></div>
      <div id="comments" class="comments-area"><img alt="" src="https://secure.gravatar.com/avatar/123?s=56&amp;d=mm" class="avatar avatar-56 photo" height="56" width="56"></div>`,
    ),
  },
  {
    name: 'an old table-less theme: a related-posts sidebar comes before #content',
    url: 'https://hobby.example/posts/kites.html',
    image: 'https://hobby.example/photos/kite-festival.jpg',
    html: page(
      '<title>Kites</title>',
      `<div id="sidebar" class="widget-area"><div class="widget related-posts"><img src="/thumbs/boats.jpg" width="300" height="200"></div></div>
      <div id="content"><div class="post"><h2>Kites</h2><img src="/photos/kite-festival.jpg"></div></div>`,
    ),
  },
  {
    name: '<picture> with AVIF sources at 1x and 2x',
    url: 'https://studio.example/work/poster',
    image: 'https://studio.example/img/poster@2x.avif',
    html: page(
      '<title>Poster</title>',
      '<main><picture><source type="image/avif" srcset="/img/poster.avif 1x, /img/poster@2x.avif 2x"><img src="/img/poster.jpg" alt=""></picture></main>',
    ),
  },
  {
    name: 'Hugo: a ../relative image in the article',
    url: 'https://notes.example/posts/cats/index.html',
    image: 'https://notes.example/posts/images/cat.jpg',
    html: page('<title>Cats</title>', '<main><article><h1>Cats</h1><p><img src="../images/cat.jpg" alt="Cat"></p></article></main>'),
  },
  {
    name: 'jQuery lazyload: data-original with a grey placeholder src',
    url: 'https://beach.example/blog/summer/',
    image: 'https://i0.wp.example/beach.example/wp-content/uploads/2019/01/beach.jpg?resize=800%2C533',
    html: page(
      '<title>Summer</title>',
      '<div class="post-content"><img class="lazy" data-original="https://i0.wp.example/beach.example/wp-content/uploads/2019/01/beach.jpg?resize=800%2C533" src="/wp-content/plugins/lazy/images/grey.gif" width="800" height="533"></div>',
    ),
  },
  {
    name: 'Next.js: a priority image with a 1x/2x srcset',
    url: 'https://app.example/launch',
    image: 'https://app.example/_next/image?url=%2Fhero.jpg&w=3840&q=75',
    html: page(
      '<title>Launch</title>',
      '<main><section><img alt="" fetchpriority="high" width="1600" height="900" decoding="async" srcset="/_next/image?url=%2Fhero.jpg&amp;w=1920&amp;q=75 1x, /_next/image?url=%2Fhero.jpg&amp;w=3840&amp;q=75 2x" src="/_next/image?url=%2Fhero.jpg&amp;w=3840&amp;q=75"></section></main>',
    ),
  },
  {
    name: 'a small business: Organization JSON-LD (its image is the logo), a storefront photo in the hero',
    url: 'https://bakery.example/',
    image: 'https://bakery.example/images/storefront.jpg',
    html: page(
      `<title>Bakery</title>${ld({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Bakery', logo: 'https://bakery.example/images/bakery-mark.png', image: 'https://bakery.example/images/bakery-mark.png' })}`,
      '<header class="site-header"><img src="/images/bakery-mark.png" width="120" height="40"></header><main><section class="hero"><img src="/images/storefront.jpg" width="1440" height="600" alt="Our shop"></section></main>',
    ),
  },
  {
    name: 'nothing but icons: favicon, apple-touch-icon, an SVG logo, a sprite, a 1×1 pixel',
    url: 'https://plain.example/about',
    image: '',
    html: page(
      `<title>About</title>${icons}`,
      `<header><img src="/static/logo.svg" alt="Plain"></header><nav><img src="/static/sprite.png#home"></nav>
      <main><p>We are plain.</p><img src="/t.gif" width="1" height="1" alt=""></main>`,
    ),
  },
  {
    name: 'nothing but a site logo and author avatars',
    url: 'https://team.example/blog/post',
    image: '',
    html: page(
      `<title>Post</title>${ld({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Post', author: { '@type': 'Person', name: 'Al', image: 'https://team.example/people/al.jpg' }, publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject', url: 'https://team.example/logo.png' } } })}`,
      `<header><a class="navbar-brand" href="/"><img src="/brand/team.png"></a></header>
      <article><div class="byline"><img src="/people/al.jpg" width="48" height="48" alt="Al"> Al</div><p>Words only.</p></article>`,
    ),
  },
];
