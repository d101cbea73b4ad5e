import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { pcSoftwarePlatformEndpoints, type SoftGrantItem } from '@keel/contract/endpoints/pc-software';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { PlatformToolSelect } from '../components/PlatformToolSelect';
import { PropertyFilter } from '../components/PropertyFilter';
import { PropertyText } from '../components/PropertyText';
import { RevokeGrantButton } from '../components/RevokeGrantButton';
import { GrantMainToolDialog } from '../dialogs/GrantMainToolDialog';

const LIST = pcSoftwarePlatformEndpoints['soft/getPlatformGrantList'].input;

/** A grant with a key of its own: a tool is granted to many properties, a property many tools. */
type GrantRow = SoftGrantItem & { grantKey: string };

/**
 * `/Backend/ToolsManage/BackBusinessGrantPage` (operators): which properties each platform main tool is granted to,
 * newest first (`soft/getPlatformGrantList`), narrowed to one tool (`softId`) and one granted property (`filterPno`)
 * in the URL; grant a tool to a property (`soft/grantPlatformMainTool`) and revoke a grant after a confirmation that
 * names the child tools it detaches (`soft/revokePlatformMainTool`).
 */
export function BackBusinessGrantPage() {
  const { t } = useTranslation();
  const { softId } = useSearchOf(LIST);
  const go = useSearchUpdate();
  const [granting, setGranting] = useState(false);
  const resource = defineResource<GrantRow>()({
    scope: 'platform',
    rowKey: 'grantKey',
    tableTestId: 'back-grant-table',
    testId: 'back-grant',
    toolbar: <Typography.Text type="secondary">{t('pc-software-back.grant.help')}</Typography.Text>,
    list: {
      path: 'soft/getPlatformGrantList',
      schema: LIST,
      toPage: (data) => ({ ...data, list: data.list.map((g) => ({ ...g, grantKey: `${g.softId}:${g.pno}` })) }),
    },
    columns: [
      {
        key: 'softName',
        title: t('pc-software-back.grant.tool'),
        width: 200,
        pinned: true,
        render: (r) => (
          <Typography.Text strong translate="no" data-testid={`back-grant-row-${r.softId}-${r.pno}`}>
            {r.softName}
          </Typography.Text>
        ),
      },
      {
        key: 'owner',
        title: t('pc-software-back.grant.ownerProperty'),
        width: 200,
        render: (r) => <PropertyText name={r.ownerPropertyName} pno={r.ownerPno} />,
      },
      {
        key: 'granted',
        title: t('pc-software-back.grant.grantedProperty'),
        width: 240,
        render: (r) => <PropertyText name={r.propertyName} pno={r.pno} />,
      },
      { key: 'childCount', title: t('pc-software-back.grant.children'), width: 110 },
      {
        key: 'grantedByName',
        title: t('pc-software-back.grant.grantedBy'),
        width: 120,
        render: (r) => <span translate="no">{r.grantedByName || '—'}</span>,
      },
      { key: 'grantTime', title: t('pc-software-back.grant.grantTime'), width: 160, time: true },
    ],
    actions: {
      title: t('pc-software-back.actions'),
      width: 110,
      after: (r) => <RevokeGrantButton grant={r} />,
    },
  });
  return (
    <Card
      title={t('pc-software-back.grant.title')}
      data-testid="back-grant-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setGranting(true)} data-testid="back-grant-add">
          {t('pc-software-back.grant.add')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16, maxWidth: '100%' }}>
        <PlatformToolSelect
          value={softId}
          testId="back-grant-filter-tool"
          style={{ width: 280, maxWidth: '100%' }}
          onChange={(id) => go({ softId: id || undefined })}
        />
        <PropertyFilter testId="back-grant-filter-property" label={t('pc-software-back.grant.grantedProperty')} />
      </Space>
      <ResourcePage resource={resource} />
      <GrantMainToolDialog open={granting} softId={softId} onClose={() => setGranting(false)} />
    </Card>
  );
}
