import { useProfile } from '../../lib/session.ts';
import { NoticeList } from '../../features/notices/components/notice-list.tsx';

/** /mypage/notice (SPEC §2 My page): notices from the Sauce team. */
export function NoticePage() {
  const { data: user } = useProfile();
  return user ? <NoticeList user={user} /> : null;
}
