import path from 'node:path';

/**
 * The API package's directory (apps/api), whence its data files are read: migrations and
 * the articles seed under src/db. This module sits directly in src/, and the production
 * build bundles everything into dist/server.js (issue #11 item 7), so `..` of this file's
 * directory is apps/api from the sources (tsx, vitest) and from the build alike.
 */
export const API_DIR = path.resolve(import.meta.dirname, '..');
