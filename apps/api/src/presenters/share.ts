import type { Board, ShareState } from '@sauce/contract/shares';
import type { BoardGate, BoardPage } from '../services/boards.ts';
import type { ShareRecord } from '../services/shares.ts';
import type { UrlSigner } from '../storage/signed-url.ts';
import { presentSauceImages } from './image.ts';
import { presentSauce } from './sauce.ts';

/**
 * Issue #32: a share's settings → contract ShareState, the link absolute (`publicUrl`'s
 * origin) while the share is on: `/board/<id>` for a board, `/archive/sauce/share/<id>` for a
 * source (SPEC §2). The password itself never leaves the server.
 */
export function presentShareState(r: ShareRecord, kind: 'board' | 'sauce', publicUrl: string): ShareState {
  const path = kind === 'board' ? `/board/${r.shareId}` : `/archive/sauce/share/${r.shareId}`;
  return {
    shareId: r.shareId,
    url: r.enabled && r.shareId ? new URL(path, publicUrl).toString() : null,
    enabled: r.enabled,
    expiresAt: r.expiresAt,
    hasPassword: r.hasPassword,
    indexable: r.indexable,
  };
}

/**
 * Issue #32: a board's page → contract Board. Each source exactly as its own public share
 * would show it to a signed-out visitor — never editable, its comments nobody's to change,
 * no folders (`folderSet` empty), no saved copy — and, beyond the space's and the folder's
 * names, nothing of the space: no other folders, no counts. `isShareEnabled` is false: whether
 * a source also has a link of its own is its owners' business.
 */
export function presentBoard(urls: UrlSigner, gate: BoardGate, page: BoardPage): Board {
  return {
    shareId: gate.shareId,
    space: { name: gate.spaceName },
    folder: { name: gate.folderName },
    sauces: page.sauces.map((r) => ({
      ...presentSauce(r, false, urls, presentSauceImages(urls, page.images.get(r.id) ?? { images: [], comments: [] }, null)),
      folderSet: [],
      isShareEnabled: false,
    })),
    nextCursor: page.nextCursor,
  };
}
