import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import type { GroupKind, GroupRow } from '../api';

const SECOND_LINE = { display: 'block', fontSize: 12 } as const;

/**
 * The columns of a title, user set or customer table: its name (the search column, with a customer's code), the
 * property in the back office, a customer's contact, remark, member count (opens the members) and last change.
 */
export function useGroupColumns(kind: GroupKind, platform: boolean, onMembers: (row: GroupRow) => void) {
  const { t } = useTranslation();
  const columns: ColumnSpec<GroupRow>[] = [
    {
      key: 'str',
      title: t('member-group.group.name'),
      filter: true,
      render: (row) => (
        <span data-testid={`${kind.key}-row-${row.name}`} style={{ fontWeight: 500 }}>
          {row.name}
          {row.customer?.code && (
            <Tag style={{ marginLeft: 8 }} bordered={false}>
              {row.customer.code}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'property',
      hidden: !platform,
      title: t('member-group.property.label'),
      render: (row) => (
        <span>
          {row.propertyName}
          <Typography.Text type="secondary" style={SECOND_LINE}>
            {row.pno}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'contact',
      hidden: kind.key !== 'customer',
      title: t('member-group.customer.contact'),
      render: ({ customer: c }) =>
        c?.contactName || c?.contactPhone || c?.contactEmail ? (
          <span>
            {c.contactName || '—'}
            {(c.contactPhone || c.contactEmail) && (
              <Typography.Text type="secondary" style={SECOND_LINE}>
                {[c.contactPhone, c.contactEmail].filter(Boolean).join(' · ')}
              </Typography.Text>
            )}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'remark',
      title: t('member-group.group.remark'),
      render: (row) =>
        row.remark ? (
          <Typography.Text ellipsis={{ tooltip: row.remark }} style={{ maxWidth: 260 }}>
            {row.remark}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'userCount',
      title: t('member-group.group.userCount'),
      width: 90,
      render: (row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => onMembers(row)}
          data-testid={`${kind.key}-count-${row.name}`}
          aria-label={t('member-group.group.showMembers', { name: row.name, count: row.userCount })}
        >
          {row.userCount}
        </Button>
      ),
    },
    { key: 'updateTime', title: t('member-group.group.updated'), width: 150, time: true },
  ];
  return columns;
}
