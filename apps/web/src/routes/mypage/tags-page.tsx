import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel.tsx';
import { TagManager } from '../../features/tags/components/tag-manager.tsx';

/** /mypage/tags (SPEC §2 My page): the person's tags, favorites, rename and delete. */
export function TagsPage() {
  const { t } = useTranslation('tags');
  return (
    <Panel title={t('manage.title')} description={t('manage.description')}>
      <TagManager />
    </Panel>
  );
}
