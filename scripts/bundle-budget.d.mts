// Types of bundle-budget.mjs, for the test that imports it (apps/api/src/test/bundle-budget.test.ts).
export interface Budget {
  route: string;
  /** The manifest key of the entry the page starts from: 'index.html' or 'src/boot.ts'. */
  entry: string;
  /** Issue #11 item 2's figure, KB of gzip; null where the issue sets none. */
  targetKb: number | null;
  /** The budget enforced, KB of gzip. */
  kb: number;
  /** Source paths as the manifest names them, or names of shared chunks. */
  modules: string[];
}
export interface Measured {
  route: string;
  targetKb: number | null;
  budgetKb: number;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  ok: boolean;
}
export type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;
export const BUDGETS: Budget[];
export function firstLoadFiles(manifest: Manifest, entry: string, modules: string[]): string[];
export function measure(dist: string, budgets?: Budget[]): Measured[];
