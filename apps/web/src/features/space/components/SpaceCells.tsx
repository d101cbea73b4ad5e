import type { SpaceItem } from '@keel/contract/endpoints/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** A space's business and category as tags. */
export function SpaceKind({ space }: { space: Pick<SpaceItem, 'business' | 'category'> }) {
  const { t } = useTranslation();
  return (
    <span>
      <Tag color="blue">{t(`common.businesses.${space.business}`)}</Tag>
      <Tag color={space.category === 'terminal' ? 'purple' : 'cyan'}>{t(`space.categories.${space.category}`)}</Tag>
    </span>
  );
}

/** Whom a space belongs to: the property (and who answers for it) or one member. */
export function SpaceOwner({ space }: { space: Pick<SpaceItem, 'ownerType' | 'ownerName' | 'uid'> }) {
  const { t } = useTranslation();
  return (
    <span>
      {space.ownerType === 'user' ? t('space.ownerTypes.user') : t('space.ownerTypes.property')}
      {space.uid && (
        <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
          {space.ownerName}
        </Typography.Text>
      )}
    </span>
  );
}
