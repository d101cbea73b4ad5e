import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { apiQuery } from '../../../shared/api/query';
import { useSearchUpdate } from '../../../shared/api/search-of';
import { ChannelTag, SoftCell } from '../components/bits';
import { PcAppReleaseComponent } from '../components/PcAppReleaseComponent';
import { SoftGate, useSoftOfUrl } from '../components/SoftRouteCard';
import { LatestVersions } from './WekitToolsPage';

/**
 * `/Wekit/WekitToolReleasePage`: the property's software with the channels the reader may release each to; one of
 * them (`?softId=`) shows its release managers (appointed by `tools.release.manage`) and its trial users below,
 * where a trial user is added through the AddTrialUserDialog route.
 */
export function WekitToolReleasePage() {
  const { t } = useTranslation();
  const state = useSoftOfUrl();
  const update = useSearchUpdate();
  const columns: ColumnSpec<SoftItem>[] = [
    {
      key: 'str',
      title: t('pc-software.soft.soft'),
      filter: true,
      wrap: true,
      pinned: true,
      width: 240,
      render: (row) => <SoftCell soft={row} testId={`release-soft-${row.name}`} />,
    },
    {
      key: 'versions',
      title: t('pc-software.soft.versions'),
      width: 220,
      wrap: true,
      render: (row) => <LatestVersions soft={row} />,
    },
    {
      key: 'myReleaseChannels',
      title: t('pc-software.release.myChannels'),
      width: 160,
      wrap: true,
      render: (row) =>
        row.myReleaseChannels.length ? (
          <span data-testid={`release-mine-${row.name}`}>
            {row.myReleaseChannels.map((c) => (
              <ChannelTag key={c} channel={c} />
            ))}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('pc-software.release.noChannels')}</Typography.Text>
        ),
    },
    {
      key: 'action',
      title: t('common.actions'),
      width: 130,
      wrap: true,
      render: (row) => (
        <Button
          size="small"
          icon={<TeamOutlined />}
          type={row.softId === state.softId ? 'primary' : 'default'}
          aria-pressed={row.softId === state.softId}
          onClick={() => update({ softId: row.softId })}
          data-testid={`release-open-${row.name}`}
        >
          {t('pc-software.release.managersShort')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('pc-software.release.title')} data-testid="release-page">
      {state.pno ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('pc-software.release.help')}</Typography.Text>
          <DataTable
            testId="release-table"
            rowKey="softId"
            query={(params) =>
              apiQuery('soft/getSoftInfoList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
              })
            }
            columns={columns}
          />
          {state.softId ? (
            <SoftGate state={state}>
              {(soft) => (
                <Card
                  size="small"
                  title={<span translate="no">{soft.name}</span>}
                  data-testid="release-chosen"
                  styles={{ body: { padding: 12 } }}
                >
                  <PcAppReleaseComponent soft={soft} trialRoute />
                </Card>
              )}
            </SoftGate>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.release.choose')} />
          )}
        </Space>
      ) : (
        <Empty description={t('pc-software.noProperty')} />
      )}
    </Card>
  );
}
