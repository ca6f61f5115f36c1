import i18n from 'i18next';
import { ApiError } from './api.ts';

/**
 * The user message for an error (SPEC §8): the translation of its stable code in
 * `common:errors`, else the generic system error.
 */
export function errorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'SYSTEM_ERROR';
  const key = `common:errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('common:errors.SYSTEM_ERROR');
}
