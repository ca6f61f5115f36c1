import { type AdminArticle, type Article, ARTICLE_CATEGORIES, type Feed } from '@sauce/contract/articles';
import type { ArticleRecord } from '../services/articles/articles.ts';
import type { FeedRecord } from '../services/articles/feeds.ts';

const categoryKey = (id: number) => ARTICLE_CATEGORIES.find((c) => c.id === id)?.key ?? 'design';

/** ArticleRecord → SPEC §3 Article (public); every field named. */
export function presentArticle(r: ArticleRecord): Article {
  return {
    id: r.id,
    title: r.title,
    destination: r.url,
    publishedAt: r.publishedAt,
    thumbnail: r.thumbnail,
    favicon: r.favicon,
    tags: r.tags,
    uploader: r.publisher,
    uploaderLink: r.publisherUrl,
    category: categoryKey(r.category),
    categoryId: r.category,
    language: r.language,
  };
}

/** ArticleRecord → the admin page's article (hidden flag, origin, canonical URL). */
export function presentAdminArticle(r: ArticleRecord): AdminArticle {
  return {
    ...presentArticle(r),
    hidden: r.hidden,
    source: r.source,
    canonicalUrl: r.canonicalUrl,
    description: r.description,
    feedId: r.feedId,
    createdAt: r.createdAt,
  };
}

/** FeedRecord → a subscribed feed. */
export function presentFeed(r: FeedRecord): Feed {
  return {
    id: r.id,
    url: r.url,
    title: r.title,
    categoryId: r.category,
    category: categoryKey(r.category),
    enabled: r.enabled,
    status: r.status,
    lastError: r.lastErrorCode ? { code: r.lastErrorCode, message: r.lastError ?? '' } : null,
    failureCount: r.failureCount,
    lastCheckedAt: r.lastCheckedAt,
    lastSuccessAt: r.lastSuccessAt,
    articleCount: r.articleCount,
    createdAt: r.createdAt,
  };
}
