import { pcSoftwarePlatformEndpoints, type SoftItem } from '@keel/contract/endpoints/pc-software';
import { Link } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { propertyColumn, softColumn, yesNoFilter } from '../columns';
import { PlatformMainToggle } from '../components/PlatformMainToggle';
import { PropertyFilter } from '../components/PropertyFilter';
import { VersionHead } from '../components/VersionHead';

const LIST = pcSoftwarePlatformEndpoints['soft/getPlatformMainToolList'].input;

/**
 * `/Backend/ToolsManage/BackMainToolsPlatformPage` (operators): every property's main tools, platform main tools
 * first (`soft/getPlatformMainToolList`), narrowed to one property (`filterPno`), to those that are (or are not)
 * platform main tools, and searched by name — in the URL; each made a platform main tool, or stopped being one,
 * after a confirmation (`soft/setPlatformMainTool`). Grants to properties: BackBusinessGrantPage.
 */
export function BackMainToolsPlatformPage() {
  const { t } = useTranslation();
  const resource = defineResource<SoftItem>()({
    scope: 'platform',
    rowKey: 'softId',
    tableTestId: 'back-platform-table',
    testId: 'back-platform',
    toolbar: <Typography.Text type="secondary">{t('pc-software-back.platform.help')}</Typography.Text>,
    list: { path: 'soft/getPlatformMainToolList', schema: LIST },
    columns: [
      softColumn(t, 'back-platform-row'),
      propertyColumn(t),
      {
        key: 'platformMain',
        title: t('pc-software-back.platformMain'),
        width: 140,
        filter: yesNoFilter(t),
        render: (r) =>
          r.platformMain === 1 ? (
            <Tag color="blue" data-testid={`back-platform-state-${r.softId}`} data-state="on">
              {t('pc-software-back.yes')}
            </Tag>
          ) : (
            <Tag data-testid={`back-platform-state-${r.softId}`} data-state="off">
              {t('pc-software-back.no')}
            </Tag>
          ),
      },
      {
        key: 'description',
        title: t('pc-software-back.description'),
        width: 220,
        render: (r) => <span translate="no">{r.description || '—'}</span>,
      },
      { key: 'childCount', title: t('pc-software-back.children'), width: 100 },
      {
        key: 'latestStable',
        title: t('pc-software-back.latestStable'),
        width: 120,
        render: (r) => <VersionHead head={r.latestStable} />,
      },
      { key: 'updateTime', title: t('pc-software-back.updateTime'), width: 160, time: true },
    ],
    actions: {
      title: t('pc-software-back.actions'),
      width: 240,
      after: (r) => (
        <Space size={4} wrap>
          <PlatformMainToggle soft={r} />
          {r.platformMain === 1 && (
            <Link
              to="/Backend/ToolsManage/BackBusinessGrantPage"
              search={{ softId: r.softId } as never}
              data-testid={`back-platform-grants-${r.softId}`}
            >
              {t('pc-software-back.platform.grants')}
            </Link>
          )}
        </Space>
      ),
    },
  });
  return (
    <Card title={t('pc-software-back.platform.title')} data-testid="back-platform-page">
      <Space wrap style={{ marginBottom: 16, maxWidth: '100%' }}>
        <PropertyFilter testId="back-platform-property" />
      </Space>
      <ResourcePage resource={resource} />
    </Card>
  );
}
