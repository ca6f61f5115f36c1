import { createShareVisits } from '../../auth/share-unlock.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { SaucePrivateError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { PUBLIC } from '../../lib/openapi.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { presentSauceImages } from '../../presenters/image.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import { presentShareState } from '../../presenters/share.ts';
import { readSauceImages } from '../../services/images.ts';
import { getSauce } from '../../services/sauces.ts';
import { prepareShareChange, readSauceShare, sauceShareGate, setSauceShare } from '../../services/shares.ts';

const tags = ['sauces'];

/**
 * A source's public link (SPEC §4 Sharing, §7): turning it on and off (`POST …/share`, as
 * SPEC has it), its settings with issue #32's expiry and password (`GET`/`PATCH …/share`),
 * and the visitor's side — the shared source, and the unlock of a protected one.
 */
export async function sauceShareRoutes(app: ZApp, deps: Deps) {
  const visits = createShareVisits({ secret: deps.secret, shared: deps.shared, secure: deps.config.secureCookies, now: deps.now });

  app.route({
    ...endpoint('GET /archive/sauce/share/:shareId', { summary: 'A source shared by public link', security: PUBLIC, tags }),
    handler: async (req, reply) => {
      // Public: nothing of the owner's workspace (folder names) and never editable. Issue #32:
      // a link past its expiry, or protected and not unlocked by this visitor, shows nothing.
      const gate = await sauceShareGate(deps.db, req.params.shareId);
      visits.admit(req, 'sauce', gate, SaucePrivateError);
      // A protected source's answer is this browser's alone.
      reply.header('cache-control', gate.passwordHash ? 'private, no-cache' : 'no-cache').header('x-robots-tag', 'noindex');
      if (gate.passwordHash) reply.header('vary', 'cookie');
      const record = await getSauce(deps.db, gate.workspaceId, gate.sauceId);
      const images = presentSauceImages(deps.urls, await readSauceImages(deps.db, record.id), null);
      return { success: true as const, data: { ...presentSauce(record, false, deps.urls, images), folderSet: [] } };
    },
  });

  app.route({
    ...endpoint('POST /archive/sauce/share/:shareId/unlock', { summary: 'Unlock a password-protected shared source for this browser (issue #32)', security: PUBLIC, tags }),
    handler: async (req, reply) => {
      await visits.unlock(req, reply, 'sauce', req.params.shareId, req.body.password, (id) => sauceShareGate(deps.db, id).catch(() => null));
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('POST /archive/sauce/:workspace/:id/share', { summary: "Turn a source's public link on or off", tags }),
    config: { workspaceAction: 'shareSauce' },
    handler: async (req) => {
      const share = await setSauceShare(deps.db, membershipOf(req), req.params.id, { enabled: req.body.isShareEnabled }, deps.now());
      return { success: true as const, data: { link: presentShareState(share, 'sauce', deps.config.publicUrl).url, isShareEnabled: share.enabled } };
    },
  });

  app.route({
    ...endpoint('GET /archive/sauce/:workspace/:id/share', { summary: "A source's public link and its settings (issue #32)", tags }),
    config: { workspaceAction: 'shareSauce' },
    handler: async (req) => {
      const share = await readSauceShare(deps.db, membershipOf(req), req.params.id);
      return { success: true as const, data: presentShareState(share, 'sauce', deps.config.publicUrl) };
    },
  });

  app.route({
    ...endpoint('PATCH /archive/sauce/:workspace/:id/share', {
      summary: "Change a source's public link: on or off, its expiry and its password (issue #32)",
      tags,
      description: 'Absent fields keep their value; `expiresAt: null` never expires, `password: null` removes the password. Turning a link on that was off makes a new link.',
    }),
    config: { workspaceAction: 'shareSauce' },
    handler: async (req) => {
      const change = await prepareShareChange(req.body, deps.now());
      const share = await setSauceShare(deps.db, membershipOf(req), req.params.id, change, deps.now());
      return { success: true as const, data: presentShareState(share, 'sauce', deps.config.publicUrl) };
    },
  });
}
