import { pcSoftwarePlatformEndpoints, type SoftItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_AUTH_TYPES, SOFT_KINDS } from '@keel/contract/endpoints/pc-software-model';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { propertyColumn, softColumn, yesNoFilter } from '../columns';
import { DownloadPageLink } from '../components/DownloadPageLink';
import { PropertyFilter } from '../components/PropertyFilter';
import { VersionHead } from '../components/VersionHead';

const LIST = pcSoftwarePlatformEndpoints['soft/getAllSoftInfoList'].input;

/**
 * `/Backend/ToolsManage/BackToolsRepository` (operators): the PC software of every property, last changed first
 * (`soft/getAllSoftInfoList`), narrowed to one property (`filterPno`), a kind, platform main tools, and searched by
 * name or description — all in the URL; each with its latest versions and a link to its public download page.
 */
export function BackToolsRepositoryPage() {
  const { t } = useTranslation();
  const resource = defineResource<SoftItem>()({
    scope: 'platform',
    rowKey: 'softId',
    tableTestId: 'back-soft-table',
    testId: 'back-soft',
    toolbar: <Typography.Text type="secondary">{t('pc-software-back.repository.help')}</Typography.Text>,
    list: { path: 'soft/getAllSoftInfoList', schema: LIST },
    columns: [
      softColumn(t, 'back-soft-row'),
      propertyColumn(t),
      {
        key: 'kind',
        title: t('pc-software-back.kind'),
        width: 140,
        filter: SOFT_KINDS.map((k) => ({ value: k, label: t(`pc-software-back.kinds.${k}`) })),
        render: (r) => (
          <Space size={4}>
            <span>{t(`pc-software-back.kinds.${r.kind}`)}</span>
            {r.kind === 'child' && r.mainSoftName ? (
              <Typography.Text type="secondary" translate="no">
                {r.mainSoftName}
              </Typography.Text>
            ) : null}
          </Space>
        ),
      },
      {
        key: 'platformMain',
        title: t('pc-software-back.platformMain'),
        width: 130,
        filter: yesNoFilter(t),
        render: (r) =>
          r.platformMain === 1 ? (
            <Tag color="blue" data-testid={`back-soft-platform-${r.softId}`}>
              {t('pc-software-back.platformMain')}
            </Tag>
          ) : (
            '—'
          ),
      },
      {
        key: 'authType',
        title: t('pc-software-back.authType'),
        width: 100,
        render: (r) =>
          SOFT_AUTH_TYPES.includes(r.authType as 0)
            ? t(`pc-software-back.authTypes.${r.authType}`)
            : String(r.authType),
      },
      {
        key: 'space',
        title: t('pc-software-back.space'),
        width: 150,
        render: (r) => <span translate="no">{r.spaceName || '—'}</span>,
      },
      {
        key: 'latestStable',
        title: t('pc-software-back.latestStable'),
        width: 120,
        render: (r) => <VersionHead head={r.latestStable} />,
      },
      {
        key: 'latestBeta',
        title: t('pc-software-back.latestBeta'),
        width: 120,
        render: (r) => <VersionHead head={r.latestBeta} />,
      },
      { key: 'versionCount', title: t('pc-software-back.versions'), width: 90 },
      {
        key: 'createdByName',
        title: t('pc-software-back.createdBy'),
        width: 120,
        render: (r) => <span translate="no">{r.createdByName || '—'}</span>,
      },
      { key: 'updateTime', title: t('pc-software-back.updateTime'), width: 160, time: true },
    ],
    actions: {
      title: t('pc-software-back.actions'),
      width: 140,
      after: (r) => <DownloadPageLink name={r.name} publicId={r.publicId} />,
    },
  });
  return (
    <Card title={t('pc-software-back.repository.title')} data-testid="back-soft-page">
      <Space wrap style={{ marginBottom: 16, maxWidth: '100%' }}>
        <PropertyFilter testId="back-soft-property" />
      </Space>
      <ResourcePage resource={resource} />
    </Card>
  );
}
