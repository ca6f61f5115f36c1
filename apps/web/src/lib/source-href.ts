import type { SauceType } from '@sauce/contract/sauces';

/**
 * Where a source opens (as its card does): `/archive/image|text?sauceId=<id>&archiveType=<type>`.
 * In lib/ because the sources' editors and the search across spaces both link to one
 * (issue #19 item 4: features are siblings).
 */
export const sourceHref = (d: { id: number; type: SauceType }) =>
  `${d.type === 'IMAGE' ? '/archive/image' : '/archive/text'}?sauceId=${d.id}&archiveType=${d.type}`;
