// Types of bundle-budget.mjs, for the test that imports it (apps/api/src/test/bundle-budget.test.ts).
export interface Budget {
  route: string;
  /** The manifest key of the entry the page starts from: 'index.html' or 'src/boot.ts'. */
  entry: string;
  /** The figure (#11 item 2, #19 item 2), KB of brotli; null where it sets none. */
  targetKb: number | null;
  /** The budget enforced, KB of brotli. */
  kb: number;
  /** How many script files the first view may load (issue #31), where one is set. */
  maxFiles?: number;
  /** What the first view loads: source paths as the manifest names them, or names of chunks. */
  modules: string[];
  /** What loads when the browser is first idle, named as `modules` are (counted too). */
  idle?: string[];
}
export interface Measured {
  route: string;
  targetKb: number | null;
  budgetKb: number;
  maxFiles: number | null;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** What the server sends a browser (the .br files); the budget's measure. */
  brotliBytes: number;
  /** React's (react, react-dom, scheduler) share of `brotliBytes`, by the source maps. */
  reactBytes: number;
  ok: boolean;
  /** `files` within `maxFiles` (true without one). */
  filesOk: boolean;
}
export type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;
export const BUDGETS: Budget[];
export function firstLoadFiles(manifest: Manifest, entry: string, modules: string[]): string[];
export function packageShare(code: string, map: { sources: string[]; mappings: string } | null, packages: string[]): number;
export function measure(dist: string, budgets?: Budget[]): Measured[];
