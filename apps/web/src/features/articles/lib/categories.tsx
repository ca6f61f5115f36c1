import { ALL_ARTICLES, ARTICLE_CATEGORIES, type CategoryKey } from '@sauce/contract/categories';
import { BriefcaseBusiness, CodeXml, LayoutGrid, Megaphone, Palette, type LucideIcon } from 'lucide-react';

/** The lucide icon of each category (the contract names them, SPEC §3 Category icon). */
export const CATEGORY_ICONS: Record<CategoryKey, LucideIcon> = {
  all: LayoutGrid,
  design: Palette,
  business: BriefcaseBusiness,
  development: CodeXml,
  marketing: Megaphone,
};

/** The categories in sidebar order: all articles (-1) first. */
export const CATEGORY_LIST = [ALL_ARTICLES, ...ARTICLE_CATEGORIES] as const;

/** The category key of a `?category=` value; unknown values mean all articles. */
export function categoryFromParam(value: string | null): { id: number; key: CategoryKey } {
  const id = Number(value);
  const found = ARTICLE_CATEGORIES.find((c) => c.id === id);
  return found ? { id: found.id, key: found.key } : { id: ALL_ARTICLES.id, key: 'all' };
}

/** The cover colour of a category (contract ARTICLE_CATEGORIES), for generated covers. */
export const categoryColor = (key: CategoryKey) => ARTICLE_CATEGORIES.find((c) => c.key === key)?.color ?? '#45454d';
