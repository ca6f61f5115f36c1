/**
 * A page of a list as the API answers it (SPEC §3 Page): its `results` and the `count` of
 * all, with the numbers of the `next` and `previous` pages (null at either end), for a
 * query's `page` (from 1) and `pageSize`.
 */
export const presentPage = <T>(q: { page: number; pageSize: number }, { results, count }: { results: T[]; count: number }) => ({
  results,
  count,
  next: q.page * q.pageSize < count ? q.page + 1 : null,
  previous: q.page > 1 ? q.page - 1 : null,
});
