import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** A permission set's remark on one line (the whole on hover), or a dash. */
export function SetRemark({ remark, maxWidth }: { remark: string; maxWidth: number }) {
  return remark ? (
    <Typography.Text ellipsis={{ tooltip: remark }} style={{ maxWidth }}>
      {remark}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
}

/** How many administrators hold a permission set, or that none does. */
export function SetAdminCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return count > 0 ? (
    <Tag color="blue">{t('permission.set.adminCount', { count })}</Tag>
  ) : (
    <Typography.Text type="secondary">{t('permission.set.unused')}</Typography.Text>
  );
}
