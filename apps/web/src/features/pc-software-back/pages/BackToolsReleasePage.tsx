import { pcSoftwarePlatformEndpoints, type SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_CHANNELS } from '@keel/contract/endpoints/pc-software-model';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { propertyColumn } from '../columns';
import { ChannelTag } from '../components/ChannelTag';
import { InstallerPlatforms } from '../components/InstallerPlatforms';
import { PropertyFilter } from '../components/PropertyFilter';

const LIST = pcSoftwarePlatformEndpoints['softVersion/getAllReleasedVersionList'].input;

/**
 * `/Backend/ToolsManage/BackToolsReleasePage` (operators): the versions every property has released, last released
 * first (`softVersion/getAllReleasedVersionList`), narrowed to one property (`filterPno`) and a channel, searched by
 * software name or version — in the URL; each with its channel, who released it, its installers and their signing.
 */
export function BackToolsReleasePage() {
  const { t } = useTranslation();
  const resource = defineResource<SoftVersionItem>()({
    scope: 'platform',
    rowKey: 'versionId',
    tableTestId: 'back-release-table',
    testId: 'back-release',
    toolbar: <Typography.Text type="secondary">{t('pc-software-back.release.help')}</Typography.Text>,
    list: { path: 'softVersion/getAllReleasedVersionList', schema: LIST },
    columns: [
      {
        key: 'releasedAt',
        title: t('pc-software-back.release.releasedAt'),
        width: 160,
        time: true,
        pinned: true,
      },
      {
        key: 'str',
        title: t('pc-software-back.release.search'),
        width: 220,
        filter: true,
        render: (r) => (
          <span translate="no" data-testid={`back-release-row-${r.versionId}`}>
            <Typography.Text strong>{r.softName}</Typography.Text> {r.version}
          </span>
        ),
      },
      propertyColumn(t),
      {
        key: 'channel',
        title: t('pc-software-back.release.channel'),
        width: 110,
        filter: SOFT_CHANNELS.map((c) => ({ value: c, label: t(`pc-software-back.release.channels.${c}`) })),
        render: (r) =>
          r.channel ? <ChannelTag channel={r.channel} testId={`back-release-channel-${r.versionId}`} /> : '—',
      },
      {
        key: 'releasedByName',
        title: t('pc-software-back.release.releasedBy'),
        width: 120,
        render: (r) => <span translate="no">{r.releasedByName || '—'}</span>,
      },
      {
        key: 'installers',
        title: t('pc-software-back.release.installers'),
        width: 280,
        wrap: true,
        render: (r) => <InstallerPlatforms installers={r.installerList} />,
      },
      {
        key: 'signed',
        title: t('pc-software-back.release.signed'),
        width: 150,
        render: (r) => {
          const signed = r.installerList.filter((i) => i.signature !== '').length;
          if (signed === 0) return <Tag>{t('pc-software-back.release.unsigned')}</Tag>;
          if (signed < r.installerList.length)
            return <Tag color="orange">{t('pc-software-back.release.partlySigned')}</Tag>;
          return <Tag color="green">{t('pc-software-back.release.allSigned')}</Tag>;
        },
      },
    ],
  });
  return (
    <Card title={t('pc-software-back.release.title')} data-testid="back-release-page">
      <Space wrap style={{ marginBottom: 16, maxWidth: '100%' }}>
        <PropertyFilter testId="back-release-property" />
      </Space>
      <ResourcePage resource={resource} />
    </Card>
  );
}
