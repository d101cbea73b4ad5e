import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { type SpaceMode, scopeOf } from '../api';
import { EditSpaceQuotaDialog } from '../dialogs/EditSpaceQuotaDialog';
import { ViewScopeQuotaHistoryDialog } from '../dialogs/ViewScopeQuotaHistoryDialog';
import { openTerminalSpace } from '../terminal-tab';
import { GroupTreeCard } from './GroupTreeCard';
import { SpaceKind, SpaceOwner } from './SpaceCells';
import { UsageBar } from './UsageBar';

/** A space's details query: the member's own (`getMySpaceInfo`) or any in reach (`getAnySpaceInfo`). */
export const spaceInfoQuery = (sid: string, mode: SpaceMode) =>
  mode === 'mine'
    ? scopedQuery('space/getMySpaceInfo', { sid }, 'property')
    : scopedQuery('space/getAnySpaceInfo', { sid }, scopeOf(mode));

/**
 * `/Tis/space/SpaceDetailCmp`: one space — owner, kind, use against quota, its quota (change it with the right) and
 * its history, its terminals (a new tab) and its group tree. Shared by the member's and the administrator's detail
 * pages and the back office's drawer.
 */
export function SpaceDetailCmp({ sid, mode }: { sid: string; mode: SpaceMode }) {
  const { t } = useTranslation();
  const info = useQuery(spaceInfoQuery(sid, mode));
  const [dialog, setDialog] = useState<'quota' | 'history' | null>(null);
  if (info.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (info.isError || !info.data)
    return (
      <Result
        status="warning"
        title={t('space.detail.unavailable')}
        data-testid="space-detail-missing"
        extra={<Button onClick={() => void info.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  const s = info.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="space-detail">
      <Card
        size="small"
        title={t('space.detail.basics')}
        extra={
          <Space size={4} wrap>
            {s.canEditQuota === 1 && (
              <Button size="small" type="primary" data-testid="space-detail-quota" onClick={() => setDialog('quota')}>
                {t('space.actions.quota')}
              </Button>
            )}
            <Button size="small" data-testid="space-detail-history" onClick={() => setDialog('history')}>
              {t('space.actions.history')}
            </Button>
            <Button size="small" data-testid="space-detail-terminals" onClick={() => openTerminalSpace(s.sid, mode)}>
              {t('space.actions.terminals')}
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('space.fields.name')}>
            <span data-testid="space-detail-name">{s.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('space.fields.business')}>
            <SpaceKind space={s} />
          </Descriptions.Item>
          <Descriptions.Item label={t('space.fields.owner')}>
            <SpaceOwner space={s} />
          </Descriptions.Item>
          {mode === 'platform' && (
            <Descriptions.Item label={t('space.fields.property')}>{s.propertyName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('space.fields.quota')}>
            <span data-testid="space-detail-quota-value">{formatFileSize(s.quotaBytes)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('space.fields.usage')}>
            <UsageBar used={s.usedBytes} reserved={s.reservedBytes} quota={s.quotaBytes} testId="space-detail-usage" />
          </Descriptions.Item>
          <Descriptions.Item label={t('space.fields.groups')}>{s.groupNum}</Descriptions.Item>
          <Descriptions.Item label={t('space.fields.devices')}>{s.deviceNum}</Descriptions.Item>
          <Descriptions.Item label={t('space.fields.created')}>{formatTime(s.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('space.fields.sid')}>{s.sid}</Descriptions.Item>
          {s.remark && <Descriptions.Item label={t('space.fields.remark')}>{s.remark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <GroupTreeCard sid={s.sid} mode={mode} canEdit={s.canEditGroups === 1} />
      <EditSpaceQuotaDialog open={dialog === 'quota'} space={s} scope={scopeOf(mode)} onClose={() => setDialog(null)} />
      <ViewScopeQuotaHistoryDialog
        open={dialog === 'history'}
        space={s}
        scope={scopeOf(mode)}
        onClose={() => setDialog(null)}
      />
    </Space>
  );
}
