import type { Deps } from '../../deps.ts';
import { startSession } from '../../auth/session.ts';
import { UserNotExistError } from '../../errors.ts';
import { createUser, findUserByIdentity, isIdentityTaken, personalWorkspaceId, type Identity } from '../../services/users.ts';

/** Rate limit of every sign-in endpoint: AUTH_RATE_LIMIT per IP per minute. */
export const signInRateLimit = (deps: Deps) => ({ rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } });

/**
 * Signs in the user with `identity`, creating them (and their personal workspace) when
 * `signUp` is given and they are new. Sets the session cookies. When a concurrent sign-up
 * of the same identity creates the user first, that user is signed in.
 * @throws USER_NOT_EXIST (404) when the user is unknown and no sign-up was asked for.
 */
export async function signIn(
  deps: Deps,
  reply: Parameters<typeof startSession>[0],
  identity: Identity,
  signUp?: { email: string | null; nickname: string; agreeMarketing: boolean },
) {
  let user = await findUserByIdentity(deps.db, identity);
  let workspaceId: number | null;
  if (!user) {
    if (!signUp) throw UserNotExistError();
    try {
      const created = await createUser(deps.db, identity, signUp);
      user = created.user;
      workspaceId = created.workspaceId;
    } catch (e) {
      if (!isIdentityTaken(e, identity)) throw e;
      // The winner committed the user and their workspace together: both are visible now.
      user = await findUserByIdentity(deps.db, identity);
      if (!user) throw e;
      workspaceId = await personalWorkspaceId(deps.db, user.id);
    }
  } else {
    workspaceId = await personalWorkspaceId(deps.db, user.id);
  }
  return startSession(reply, deps, user.id, workspaceId);
}

