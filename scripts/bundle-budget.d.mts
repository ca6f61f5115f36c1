// Types of bundle-budget.mjs, for the test that imports it (apps/api/src/test/bundle-budget.test.ts).
export interface Budget {
  route: string;
  /** Issue #11 item 2's figure, KB of gzip. */
  targetKb: number;
  /** The budget enforced, KB of gzip. */
  kb: number;
  /** Source paths as the manifest names them, or names of shared chunks. */
  modules: string[];
}
export interface Measured {
  route: string;
  targetKb: number;
  budgetKb: number;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  ok: boolean;
}
export type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;
export const BUDGETS: Budget[];
export function firstLoadFiles(manifest: Manifest, modules: string[]): string[];
export function measure(dist: string, budgets?: Budget[]): Measured[];
