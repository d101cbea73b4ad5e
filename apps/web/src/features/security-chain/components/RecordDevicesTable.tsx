import { type FuncRecordDeviceItem, securityRecordEndpoints } from '@keel/contract/endpoints/security-records';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { formatTime } from '../../../shared/format/time';

const LIST = securityRecordEndpoints['seclink/channel/getFuncRecordDeviceList'].input.pick({ funcId: true });

/**
 * Per device of a security space's records (`seclink/channel/getFuncRecordDeviceList`), the most recently active
 * first: authorisations issued, refused, uses and the last use; of one function or one pool when given. A device's
 * name opens its records (`onDevice`).
 */
export function RecordDevicesTable({
  sid,
  funcId,
  poolId,
  testId,
  help,
  onDevice,
}: {
  sid: string;
  funcId?: string;
  poolId?: string;
  testId: string;
  help?: ReactNode;
  onDevice?: (deviceId: string) => void;
}) {
  const { t } = useTranslation();
  const resource = defineResource<FuncRecordDeviceItem>()({
    rowKey: 'deviceId',
    tableTestId: `${testId}-table`,
    testId,
    toolbar: help ?? <Typography.Text type="secondary">{t('security-chain.records.devicesHelp')}</Typography.Text>,
    list: {
      path: 'seclink/channel/getFuncRecordDeviceList',
      schema: LIST,
      input: (s) => ({ ...s, sid, ...(funcId ? { funcId } : {}), ...(poolId ? { poolId } : {}) }),
    },
    columns: [
      {
        key: 'device',
        title: t('security-chain.records.device'),
        width: 180,
        pinned: true,
        render: (r) =>
          onDevice ? (
            <Typography.Link
              translate="no"
              onClick={() => onDevice(r.deviceId)}
              data-testid={`${testId}-${r.deviceId}`}
            >
              {r.deviceName || r.deviceId}
            </Typography.Link>
          ) : (
            <span translate="no" data-testid={`${testId}-${r.deviceId}`}>
              {r.deviceName || r.deviceId}
            </span>
          ),
      },
      { key: 'issues', title: t('security-chain.records.issues'), width: 100 },
      { key: 'uses', title: t('security-chain.records.uses'), width: 100 },
      { key: 'refusals', title: t('security-chain.records.refusals'), width: 100 },
      {
        key: 'lastUseTime',
        title: t('security-chain.records.lastUse'),
        width: 170,
        render: (r) => (r.lastUseTime === null ? '—' : formatTime(r.lastUseTime)),
      },
      { key: 'lastTime', title: t('security-chain.records.lastTime'), width: 170, time: true },
    ],
  });
  return <ResourcePage resource={resource} />;
}
