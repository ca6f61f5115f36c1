import type { CreatedToken, PersonalToken } from '@sauce/contract/tokens';
import type { CreatedTokenRecord, TokenRecord } from '../services/personal-tokens.ts';

/** A token row → the API's shape (issue #20), every field named; the secret only when just made. */
export function presentToken(r: CreatedTokenRecord): CreatedToken;
export function presentToken(r: TokenRecord): PersonalToken;
export function presentToken(r: TokenRecord | CreatedTokenRecord): PersonalToken | CreatedToken {
  const base = { id: r.id, name: r.name, scope: r.scope, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt, expiresAt: r.expiresAt };
  return 'token' in r ? { ...base, token: r.token } : base;
}
