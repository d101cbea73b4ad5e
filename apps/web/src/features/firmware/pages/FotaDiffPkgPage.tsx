import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type DiffItem, FIRMWARE_PERMISSIONS, firmwareEndpoints } from '@keel/contract/endpoints/firmware';
import { formatFileSize } from '@keel/contract/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { invalidatePaths } from '../../../shared/api/query-key';
import { formatTime } from '../../../shared/format/time';
import { ADD_DIFF_DIALOG, DELTA_LISTS, useCan } from '../api';

const LIST = firmwareEndpoints['dp/getSwDiffPackList'].input.pick({ str: true });
const COLORS: Record<DiffItem['state'], string> = {
  queued: 'default',
  running: 'processing',
  ready: 'green',
  failed: 'red',
  refused: 'orange',
};

/** While a delta is being made, the lists refresh every 2 s (the job's progress). */
function useLiveDeltas() {
  const queryClient = useQueryClient();
  const busy = useQuery({
    ...apiQuery('dp/getSwDiffPackList', { pageNum: 1, pageSize: 50 }),
    refetchInterval: (q) =>
      q.state.data?.list.some((d) => d.state === 'queued' || d.state === 'running') ? 2000 : false,
  });
  const stamp = busy.dataUpdatedAt;
  useEffect(() => {
    if (stamp) void invalidatePaths(queryClient, ['sw/getSwInfo', 'up/getUpgradeSwList']);
  }, [stamp, queryClient]);
  return busy.data;
}

function StateCell({ row }: { row: DiffItem }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`delta-state-${row.sourceVersion}-${row.targetVersion}`} data-state={row.state}>
      <Tag color={COLORS[row.state]}>{t(`firmware.diff.states.${row.state}`)}</Tag>
      {row.state === 'running' && <Progress percent={row.progress} size="small" />}
      {row.state === 'ready' && row.verified === 1 && (
        <Typography.Text type="success" data-testid={`delta-verified-${row.sourceVersion}-${row.targetVersion}`}>
          {t('firmware.diff.verified')}
        </Typography.Text>
      )}
      {row.reason && (
        <Typography.Paragraph type="danger" style={{ margin: 0 }}>
          {row.reason}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/**
 * `/fota/FotaDiffPkgPage`: differential packages (bsdiff 4) between versions of a type: state while being made
 * (with progress), size against the full file, verified by applying it; refused inputs with the reason. With the
 * right: generate one (`AddDiffPkgDialog`), delete one.
 */
export function FotaDiffPkgPage() {
  const { t } = useTranslation();
  const canEdit = useCan(FIRMWARE_PERMISSIONS.diffEdit);
  const live = useLiveDeltas();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (live) void invalidatePaths(queryClient, ['dp/getSwDiffPackList']);
  }, [live, queryClient]);
  const resource = defineResource<DiffItem>()({
    rowKey: 'id',
    tableTestId: 'delta-table',
    card: { title: t('firmware.diff.title'), testId: 'fota-diff-page' },
    noProperty: t('firmware.noProperty'),
    toolbar: <Typography.Text type="secondary">{t('firmware.diff.help')}</Typography.Text>,
    create: canEdit ? { label: t('firmware.diff.create'), icon: <PlusOutlined />, testId: 'delta-create' } : undefined,
    list: { path: 'dp/getSwDiffPackList', schema: LIST },
    columns: [
      { key: 'str', title: t('firmware.diff.name'), filter: true, render: (r) => <span translate="no">{r.name}</span> },
      {
        key: 'sourceVersion',
        title: t('firmware.diff.versions'),
        render: (r) => (
          <span translate="no">
            {r.sourceVersion} → {r.targetVersion}
          </span>
        ),
      },
      { key: 'state', title: t('firmware.diff.state'), width: 220, render: (r) => <StateCell row={r} /> },
      {
        key: 'size',
        title: t('firmware.diff.size'),
        width: 160,
        render: (r) =>
          r.state === 'ready'
            ? t('firmware.diff.sizeOf', {
                size: formatFileSize(r.size),
                full: formatFileSize(r.fullSize),
                ratio: ((100 * r.size) / Math.max(1, r.fullSize)).toFixed(1),
              })
            : formatFileSize(r.fullSize),
      },
      { key: 'createTime', title: t('firmware.diff.created'), width: 170, render: (r) => formatTime(r.createTime) },
    ],
    dialogRoute: { to: ADD_DIFF_DIALOG },
    remove: {
      path: 'dp/delSwDiffPack',
      input: (row) => ({ idList: [row.id] }),
      confirm: (row) => ({
        title: t('firmware.diff.deleteConfirm', { from: row.sourceVersion, to: row.targetVersion }),
      }),
      success: () => t('firmware.diff.deleted'),
      invalidates: DELTA_LISTS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 90,
          remove: {
            label: t('firmware.diff.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (r) => `delta-delete-${r.sourceVersion}-${r.targetVersion}`,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
