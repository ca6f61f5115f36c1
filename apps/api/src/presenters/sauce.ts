import type { Sauce } from '@sauce/contract/sauces';
import type { SauceRecord } from '../services/sauces.ts';

/** SauceRecord → SPEC §3 Source; every field named. `isEditable` comes from the caller's role. */
export function presentSauce(r: SauceRecord, isEditable: boolean): Sauce {
  // Literals rather than `{ ...textSauce, … }`: a list presents 100 of these per request,
  // and object spread is several times slower than writing the fields out.
  const isText = r.type === 'TEXT';
  const text = r.text ?? '';
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    thumbnail: r.thumbnail,
    textCard: isText
      ? { text, link: r.link, title: r.linkTitle, description: r.linkDescription, image: r.linkImage }
      : null,
    textSauce: isText ? { text, link: r.link } : null,
    tagSet: r.tagNames.map((name) => ({ name })),
    folderSet: r.folderSet,
    userNickname: r.authorNickname,
    userProfileImage: r.authorProfileImage,
    isEditable,
    activeSauce: true,
    isShareEnabled: r.isShareEnabled,
    byteSize: r.byteSize,
    modeType: 'Sauce',
    destination: r.link,
  };
}
