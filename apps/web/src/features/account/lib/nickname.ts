import { nicknameProblem, type NicknameProblem } from '@sauce/contract/account';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api.ts';

/** The message for a nickname problem (SPEC §5/§8: 'No spaces or emojis allowed.'). */
export function nicknameMessage(t: TFunction<'account'>, problem: NicknameProblem | 'exists'): string {
  return t(`nickname.${problem}`);
}

/** What is wrong with `value` before it is sent, or null ('' is not pointed out while typing). */
export function localNicknameProblem(value: string): NicknameProblem | null {
  return value === '' ? null : nicknameProblem(value);
}

/** The server's answer about a nickname: 'exists' for SPEC §5's 400 duplicate, the rule otherwise. */
export function serverNicknameProblem(e: unknown): NicknameProblem | 'exists' | null {
  if (!(e instanceof ApiError)) return null;
  if (e.code === 'NICKNAME_EXISTS') return 'exists';
  if (e.code === 'NICKNAME_INVALID') return ((e.details as { reason?: NicknameProblem } | undefined)?.reason ?? 'space');
  return null;
}
