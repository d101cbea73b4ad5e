import {
  FUNC_RECORD_KINDS,
  FUNC_RECORD_SOURCES,
  type FuncRecordItem,
  type FuncRecordKind,
  type FuncRecordSource,
  securityRecordEndpoints,
} from '@keel/contract/endpoints/security-records';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { formatTime } from '../../../shared/format/time';
import { RECORD_SEARCH } from '../records-api';

const LIST = securityRecordEndpoints['seclink/channel/getFuncRecordList'].input.pick({
  kind: true,
  source: true,
  deviceId: true,
  uid: true,
  funcId: true,
});

const KIND_COLOURS: Record<FuncRecordKind, string> = { issue: 'green', refuse: 'red', use: 'blue' };
const SOURCE_COLOURS: Record<FuncRecordSource, string> = { privileged: 'purple', whiteList: 'cyan', grant: 'gold' };

export function RecordKindTag({ kind }: { kind: FuncRecordKind }) {
  const { t } = useTranslation();
  return <Tag color={KIND_COLOURS[kind]}>{t(`security-chain.records.kinds.${kind}`)}</Tag>;
}

export function RecordSourceTag({ source }: { source: FuncRecordSource | '' }) {
  const { t } = useTranslation();
  if (!source) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Tag color={SOURCE_COLOURS[source]}>{t(`security-chain.records.sources.${source}`)}</Tag>;
}

/** What a records table is kept to, besides the filters the reader sets. */
export interface RecordScope {
  deviceId?: string;
  uid?: string;
  funcId?: string;
  poolId?: string;
  source?: FuncRecordSource;
  kind?: FuncRecordKind;
}

/** The filters a name in the table sets (a user, a device), shown above it with a way to clear each. */
function ActiveFilters({ fixed }: { fixed: RecordScope }) {
  const { t } = useTranslation();
  const search = useSearchOf(RECORD_SEARCH);
  const update = useSearchUpdate();
  const tags: ReactNode[] = [];
  if (search.uid && !fixed.uid)
    tags.push(
      <Tag
        key="uid"
        closable
        onClose={() => update({ uid: undefined, pageNum: undefined })}
        data-testid="sc-rec-by-user"
      >
        {t('security-chain.records.byUser')}
      </Tag>,
    );
  if (search.deviceId && !fixed.deviceId)
    tags.push(
      <Tag
        key="device"
        closable
        onClose={() => update({ deviceId: undefined, pageNum: undefined })}
        data-testid="sc-rec-by-device"
      >
        {t('security-chain.records.byDevice')}
      </Tag>,
    );
  return tags.length > 0 ? <Space size={4}>{tags}</Space> : null;
}

/**
 * A security space's records (`seclink/channel/getFuncRecordList`): authorisations issued and refused, and uses,
 * newest first, with the function, device, user, source, response and reason; kind and source are filters, and a
 * user's or a device's name keeps the table to theirs. `fixed` keeps it to one device, user, pool, source or kind;
 * `lead` puts the user or the device first (the records by user, by device).
 */
export function FuncRecordsTable({
  sid,
  fixed = {},
  lead = 'time',
  testId,
  help,
}: {
  sid: string;
  fixed?: RecordScope;
  lead?: 'time' | 'user' | 'device';
  testId: string;
  help?: ReactNode;
}) {
  const { t } = useTranslation();
  const update = useSearchUpdate();
  const pick = (patch: Record<string, string>) => update({ ...patch, pageNum: undefined });
  const userColumn: ColumnSpec<FuncRecordItem> = {
    key: 'user',
    title: t('security-chain.records.user'),
    width: 140,
    hidden: fixed.uid !== undefined,
    render: (r) =>
      fixed.uid ? (
        <span translate="no">{r.userName || r.uid}</span>
      ) : (
        <Typography.Link translate="no" onClick={() => pick({ uid: r.uid })} data-testid={`sc-rec-user-${r.recordId}`}>
          {r.userName || r.uid}
        </Typography.Link>
      ),
  };
  const deviceColumn: ColumnSpec<FuncRecordItem> = {
    key: 'device',
    title: t('security-chain.records.device'),
    width: 160,
    hidden: fixed.deviceId !== undefined,
    render: (r) =>
      fixed.deviceId ? (
        <span translate="no">{r.deviceName || r.deviceId}</span>
      ) : (
        <Typography.Link
          translate="no"
          onClick={() => pick({ deviceId: r.deviceId })}
          data-testid={`sc-rec-device-${r.recordId}`}
        >
          {r.deviceName || r.deviceId}
        </Typography.Link>
      ),
  };
  const timeColumn: ColumnSpec<FuncRecordItem> = {
    key: 'createTime',
    title: t('security-chain.records.time'),
    width: 170,
    time: true,
  };
  const leading =
    lead === 'user'
      ? [userColumn, timeColumn, deviceColumn]
      : lead === 'device'
        ? [deviceColumn, timeColumn, userColumn]
        : [timeColumn, deviceColumn, userColumn];
  const resource = defineResource<FuncRecordItem>()({
    rowKey: 'recordId',
    tableTestId: `${testId}-table`,
    testId,
    toolbar: (
      <Space wrap size={8}>
        {help ?? <Typography.Text type="secondary">{t('security-chain.records.help')}</Typography.Text>}
        <ActiveFilters fixed={fixed} />
      </Space>
    ),
    list: {
      path: 'seclink/channel/getFuncRecordList',
      schema: LIST,
      input: (s) => ({ ...s, sid, ...fixed }),
    },
    columns: [
      { ...leading[0], pinned: true } as ColumnSpec<FuncRecordItem>,
      ...leading.slice(1),
      {
        key: 'kind',
        title: t('security-chain.records.kind'),
        width: 100,
        hidden: fixed.kind !== undefined,
        filter: FUNC_RECORD_KINDS.map((k) => ({ value: k, label: t(`security-chain.records.kinds.${k}`) })),
        render: (r) => <RecordKindTag kind={r.kind} />,
      },
      {
        key: 'func',
        title: t('security-chain.records.func'),
        width: 200,
        render: (r) => (
          <span translate="no">
            <Typography.Text code>{r.funcCode || r.funcId}</Typography.Text> {r.funcName}
          </span>
        ),
      },
      {
        key: 'source',
        title: t('security-chain.records.source'),
        width: 120,
        hidden: fixed.source !== undefined,
        filter: FUNC_RECORD_SOURCES.map((k) => ({ value: k, label: t(`security-chain.records.sources.${k}`) })),
        render: (r) => <RecordSourceTag source={r.source} />,
      },
      {
        key: 'response',
        title: t('security-chain.records.response'),
        width: 140,
        render: (r) =>
          r.responseCode ? (
            <span translate="no">
              <Typography.Text code>{r.responseCode}</Typography.Text> {r.responseName}
            </span>
          ) : (
            ''
          ),
      },
      {
        key: 'reason',
        title: t('security-chain.records.reason'),
        width: 280,
        render: (r) =>
          r.kind === 'issue' && r.expiresAt !== null
            ? t('security-chain.records.validUntil', { time: formatTime(r.expiresAt, { seconds: true }) })
            : r.reason,
      },
    ],
  });
  return <ResourcePage resource={resource} />;
}
