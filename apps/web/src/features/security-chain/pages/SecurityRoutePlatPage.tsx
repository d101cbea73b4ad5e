import {
  ROUTED_CMD_STATES,
  type RoutedCmdPlatItem,
  securityRecordEndpoints,
} from '@keel/contract/endpoints/security-records';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { formatTime } from '../../../shared/format/time';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { PlatCancelButton, PlatCommandDrawer, PropertyCell } from '../components/PlatRoutedCmd';
import { isOpenCommand, RoutedAnswer, RoutedStateTag } from '../components/RoutedCmdTable';
import { SentRangeFilter } from '../components/SentRangeFilter';

const LIST = securityRecordEndpoints['seclink/channel/getAllCmdRecordList'].input;

/**
 * `/Backend/SecurityRoute/SecurityRoutePlatPage` (operators): the routed commands of every property, newest first
 * (`seclink/channel/getAllCmdRecordList`), narrowed to one property (`filterPno`), a state, a function (code or id),
 * a device (id or name) and the days they were sent, all in the URL; a command opens in a drawer, and one that still
 * waits for its device may be cancelled after a confirmation (`seclink/channel/cancelAnyFuncCommand`).
 */
export function SecurityRoutePlatPage() {
  const { t } = useTranslation();
  const { filterPno } = useSearchOf(LIST);
  const go = useSearchUpdate();
  const [open, setOpen] = useState<RoutedCmdPlatItem | null>(null);

  const resource = defineResource<RoutedCmdPlatItem>()({
    scope: 'platform',
    rowKey: 'cmdId',
    tableTestId: 'sc-plat-table',
    testId: 'sc-plat',
    toolbar: <Typography.Text type="secondary">{t('security-chain.routedPlat.help')}</Typography.Text>,
    list: { path: 'seclink/channel/getAllCmdRecordList', schema: LIST },
    columns: [
      { key: 'createTime', title: t('security-chain.routed.sent'), width: 170, time: true, pinned: true },
      {
        key: 'property',
        title: t('security-chain.routedPlat.property'),
        width: 180,
        render: (r) => <PropertyCell cmd={r} />,
      },
      {
        key: 'func',
        title: t('security-chain.routedPlat.func'),
        width: 200,
        filter: true,
        render: (r) => (
          <span translate="no">
            <Typography.Text code>{r.funcCode || r.funcId}</Typography.Text> {r.funcName}
          </span>
        ),
      },
      {
        key: 'device',
        title: t('security-chain.routedPlat.device'),
        width: 160,
        filter: true,
        render: (r) => <span translate="no">{r.deviceName || r.deviceId}</span>,
      },
      {
        key: 'user',
        title: t('security-chain.routed.sender'),
        width: 120,
        render: (r) => <span translate="no">{r.userName || r.uid}</span>,
      },
      {
        key: 'state',
        title: t('security-chain.routed.state'),
        width: 110,
        filter: ROUTED_CMD_STATES.map((s) => ({ value: s, label: t(`security-chain.routed.states.${s}`) })),
        render: (r) => <RoutedStateTag state={r.state} testId={`sc-plat-state-${r.cmdId}`} />,
      },
      {
        key: 'answer',
        title: t('security-chain.routed.answer'),
        width: 200,
        render: (r) => <RoutedAnswer cmd={r} />,
      },
      {
        key: 'finishTime',
        title: t('security-chain.routed.finished'),
        width: 170,
        render: (r) =>
          r.finishTime !== null
            ? formatTime(r.finishTime)
            : t('security-chain.routed.expiresAt', { time: formatTime(r.expireTime) }),
      },
    ],
    actions: {
      title: t('security-chain.routed.actions'),
      width: 150,
      after: (r) => (
        <>
          <Button size="small" type="link" onClick={() => setOpen(r)} data-testid={`sc-plat-open-${r.cmdId}`}>
            {t('security-chain.routedPlat.details')}
          </Button>
          {isOpenCommand(r.state) ? <PlatCancelButton cmd={r} /> : null}
        </>
      ),
    },
  });

  return (
    <Card title={t('security-chain.routedPlat.title')} data-testid="sc-plat-page">
      <Space wrap style={{ marginBottom: 16, maxWidth: '100%' }}>
        <PropertySelect
          value={filterPno}
          testId="sc-plat-property"
          ariaLabel={t('security-chain.routedPlat.property')}
          placeholder={t('security-chain.routedPlat.allProperties')}
          style={{ width: 320, maxWidth: '100%' }}
          onChange={(pno) => go({ filterPno: pno || undefined })}
        />
        <SentRangeFilter />
      </Space>
      <ResourcePage resource={resource} />
      <PlatCommandDrawer cmd={open} onClose={() => setOpen(null)} onCancelled={setOpen} />
    </Card>
  );
}
