import { type RoutedCmdPlatItem, securityRecordEndpoints } from '@keel/contract/endpoints/security-records';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { PlatCancelButton, PlatCommandDrawer, PropertyCell } from '../components/PlatRoutedCmd';
import { isOpenCommand } from '../components/routed-bits';
import {
  answerColumn,
  finishedColumn,
  funcColumn,
  senderColumn,
  sentColumn,
  stateColumn,
} from '../components/routed-columns';
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
      sentColumn(t),
      {
        key: 'property',
        title: t('security-chain.routedPlat.property'),
        width: 180,
        render: (r) => <PropertyCell cmd={r} />,
      },
      funcColumn(t('security-chain.routedPlat.func'), true),
      {
        key: 'device',
        title: t('security-chain.routedPlat.device'),
        width: 160,
        filter: true,
        render: (r) => <span translate="no">{r.deviceName || r.deviceId}</span>,
      },
      senderColumn(t),
      stateColumn(t, 'sc-plat-state'),
      answerColumn(t, 200),
      finishedColumn(t),
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
