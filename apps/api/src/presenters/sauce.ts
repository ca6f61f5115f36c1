import type { Sauce } from '@sauce/contract/sauces';
import type { SauceRecord } from '../services/sauces.ts';

/** SauceRecord → SPEC §3 Source; every field named. `isEditable` comes from the caller's role. */
export function presentSauce(r: SauceRecord, isEditable: boolean): Sauce {
  const textSauce = r.type === 'TEXT' ? { text: r.text ?? '', link: r.link } : null;
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    thumbnail: r.thumbnail,
    textCard: textSauce
      ? { ...textSauce, title: r.linkTitle, description: r.linkDescription, image: r.linkImage }
      : null,
    textSauce,
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
