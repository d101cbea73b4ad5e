import type { OutputOf } from '@keel/contract/endpoint';
import type { Endpoints } from '@keel/contract/endpoints/index';
import type { SoftTerminalItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_CHANNELS, SOFT_OSES } from '@keel/contract/endpoints/pc-software-model';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { apiQuery } from '../../../shared/api/query';
import { useSession } from '../../../shared/session/session-store';
import { ChannelTag } from '../components/bits';
import { useSoftChoices } from '../components/SoftPicker';

/** An installation with a key of its own: one install id may check for several software. */
type Row = SoftTerminalItem & { rowId: string };

/**
 * `/ToolsManage/TerminalListPage`: the installations that checked for updates, last seen first — software, install
 * id, version, platform, the channel asked for, address, how many checks, first and last seen — with search (install
 * id, version) and the software, os and channel filters.
 */
export function TerminalListPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const softs = useSoftChoices(!!pno);
  const columns: ColumnSpec<Row>[] = [
    {
      key: 'str',
      title: t('pc-software.terminal.installId'),
      filter: true,
      pinned: true,
      width: 200,
      render: (row) => (
        <span className="k-soft-mono" translate="no" data-testid={`terminal-row-${row.installId}`}>
          {row.installId}
        </span>
      ),
    },
    {
      key: 'softId',
      title: t('pc-software.soft.soft'),
      width: 160,
      filter: (softs.data?.list ?? []).map((s) => ({ value: s.softId, label: s.name })),
      render: (row) => <span translate="no">{row.softName}</span>,
    },
    {
      key: 'version',
      title: t('pc-software.version.number'),
      width: 110,
      render: (row) => (
        <span translate="no" data-testid={`terminal-version-${row.installId}`}>
          {row.version}
        </span>
      ),
    },
    {
      key: 'os',
      title: t('pc-software.installer.platform'),
      width: 150,
      filter: SOFT_OSES.map((o) => ({ value: o, label: t(`pc-software.os.${o}`) })),
      render: (row) =>
        `${t(`pc-software.os.${row.os}`, { defaultValue: row.os })} ${t(`pc-software.arch.${row.arch}`, { defaultValue: row.arch })}`,
    },
    {
      key: 'channel',
      title: t('pc-software.trial.channel'),
      width: 110,
      filter: SOFT_CHANNELS.map((c) => ({ value: c, label: t(`pc-software.channel.${c}`) })),
      render: (row) => <ChannelTag channel={row.channel} />,
    },
    {
      key: 'address',
      title: t('pc-software.terminal.address'),
      width: 140,
      render: (row) => <span translate="no">{row.address}</span>,
    },
    { key: 'checkCount', title: t('pc-software.terminal.checks'), width: 90 },
    { key: 'firstSeen', title: t('pc-software.terminal.firstSeen'), width: 150, time: true },
    { key: 'lastSeen', title: t('pc-software.terminal.lastSeen'), width: 150, time: true },
  ];
  return (
    <Card title={t('pc-software.terminal.title')} data-testid="terminal-page">
      {pno ? (
        <>
          <Typography.Paragraph type="secondary">{t('pc-software.terminal.help')}</Typography.Paragraph>
          <DataTable
            testId="terminal-table"
            rowKey="rowId"
            toPage={(data: OutputOf<Endpoints['soft/getSoftTerminalList']>) => ({
              list: data.list.map((r) => ({ ...r, rowId: `${r.softId}/${r.installId}` })),
              total: data.total,
            })}
            query={(params) =>
              apiQuery('soft/getSoftTerminalList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
                ...(params.filters.softId ? { softId: params.filters.softId } : {}),
                ...(params.filters.os ? { os: params.filters.os as never } : {}),
                ...(params.filters.channel ? { channel: params.filters.channel as never } : {}),
              })
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('pc-software.noProperty')} />
      )}
    </Card>
  );
}
