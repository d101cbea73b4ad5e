import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { RECORD_SEARCH } from '../records-api';
import { FuncRecordsTable } from './FuncRecordsTable';
import { PoolFuncSelect } from './PoolFuncSelect';
import { RecordDevicesTable } from './RecordDevicesTable';
import { RoutedCmdTable } from './RoutedCmdTable';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from './SecuritySpaceGate';

/**
 * The records' component routes (`/SecurityChain/GrantHistory…`, `GrantDevs…`, `GrantPool…`): each one table of a
 * security space (`?sid=`, the first by default) in a card with the choice of space; one device's (`?deviceId=`) or
 * one pool's (`?poolId=`, chosen by its function) where the component is about one.
 */
function SpaceCard({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: (sid: string) => ReactNode;
}) {
  const state = useSecuritySpace();
  return (
    <Card title={title} data-testid={testId} extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}>
      <SecuritySpaceGate state={state}>{(space) => <div key={space.sid}>{children(space.sid)}</div>}</SecuritySpaceGate>
    </Card>
  );
}

/** `GrantHistoryUsersComponent`: a space's records, who first; a name keeps the table to that member's. */
export function GrantHistoryUsersComponent() {
  const { t } = useTranslation();
  return (
    <SpaceCard title={t('security-chain.records.usersTitle')} testId="sc-hist-users">
      {(sid) => <FuncRecordsTable sid={sid} lead="user" testId="sc-hist-users-list" />}
    </SpaceCard>
  );
}

/** `GrantHistoryDevsComponent`: a space's devices with their counts; a device opens its records below. */
export function GrantHistoryDevsComponent() {
  const { t } = useTranslation();
  const { deviceId } = useSearchOf(RECORD_SEARCH);
  const update = useSearchUpdate();
  return (
    <SpaceCard title={t('security-chain.records.devsTitle')} testId="sc-hist-devs">
      {(sid) =>
        deviceId ? (
          <FuncRecordsTable sid={sid} lead="device" testId="sc-hist-devs-records" />
        ) : (
          <RecordDevicesTable
            sid={sid}
            testId="sc-hist-devs-list"
            onDevice={(id) => update({ deviceId: id, pageNum: undefined })}
          />
        )
      }
    </SpaceCard>
  );
}

/** `GrantHistoryWhiteComponent`: the authorisations a white list allowed. */
export function GrantHistoryWhiteComponent() {
  const { t } = useTranslation();
  return (
    <SpaceCard title={t('security-chain.records.whiteTitle')} testId="sc-hist-white">
      {(sid) => <FuncRecordsTable sid={sid} fixed={{ source: 'whiteList' }} testId="sc-hist-white-list" />}
    </SpaceCard>
  );
}

/** One device's component: without `?deviceId=` it says so. */
function DeviceCard({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: (sid: string, deviceId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { deviceId } = useSearchOf(RECORD_SEARCH);
  return (
    <SpaceCard title={title} testId={testId}>
      {(sid) => (deviceId ? children(sid, deviceId) : <Empty description={t('security-chain.records.noDevice')} />)}
    </SpaceCard>
  );
}

/** `GrantDevsHistoryComponent`: one device's records (`?deviceId=`). */
export function GrantDevsHistoryComponent() {
  const { t } = useTranslation();
  return (
    <DeviceCard title={t('security-chain.records.deviceTitle')} testId="sc-dev-hist">
      {(sid, deviceId) => <FuncRecordsTable sid={sid} fixed={{ deviceId }} testId="sc-dev-hist-list" />}
    </DeviceCard>
  );
}

/** `GrantDevsRoutedComponent`: one device's routed commands (`?deviceId=`). */
export function GrantDevsRoutedComponent() {
  const { t } = useTranslation();
  return (
    <DeviceCard title={t('security-chain.routed.deviceTitle')} testId="sc-dev-routed">
      {(sid, deviceId) => <RoutedCmdTable sid={sid} deviceId={deviceId} testId="sc-dev-routed-list" />}
    </DeviceCard>
  );
}

/** The pool of a function, once read; a function without one says so. */
function PoolOfFunc({
  sid,
  funcId,
  children,
}: {
  sid: string;
  funcId: string;
  children: (poolId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const pools = useQuery(apiQuery('grantPool/getGrantPoolList', { sid, funcId, pageNum: 1, pageSize: 1 }));
  if (pools.isLoading) return <Spin />;
  const pool = pools.data?.list[0];
  if (!pool) return <Empty data-testid="sc-pool-none" description={t('security-chain.records.noPool')} />;
  return <>{children(pool.poolId)}</>;
}

/** A pool's component: the pool named (`?poolId=`), or chosen by its function (`?funcId=`). */
function PoolCard({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: (sid: string, scope: { poolId: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const { poolId, funcId } = useSearchOf(RECORD_SEARCH);
  const update = useSearchUpdate();
  return (
    <SpaceCard title={title} testId={testId}>
      {(sid) => (
        <>
          {poolId ? null : (
            <div style={{ maxWidth: 420, marginBottom: 12 }}>
              <PoolFuncSelect
                sid={sid}
                testId={`${testId}-func`}
                value={funcId}
                onChange={(id) => update({ funcId: id, pageNum: undefined })}
              />
            </div>
          )}
          {poolId ? (
            children(sid, { poolId })
          ) : funcId ? (
            <PoolOfFunc sid={sid} funcId={funcId}>
              {(id) => children(sid, { poolId: id })}
            </PoolOfFunc>
          ) : (
            <Empty description={t('security-chain.records.choosePool')} />
          )}
        </>
      )}
    </SpaceCard>
  );
}

/** `GrantPoolDevListComponent`: on which devices a pool's grants were drawn (per device, its counts). */
export function GrantPoolDevListComponent() {
  const { t } = useTranslation();
  return (
    <PoolCard title={t('security-chain.records.poolDevsTitle')} testId="sc-pool-devs">
      {(sid, scope) => <RecordDevicesTable sid={sid} {...scope} testId="sc-pool-devs-list" />}
    </PoolCard>
  );
}

/** `GrantPoolGrantUsersComponent`: who drew a pool's grants (its issues, who first). */
export function GrantPoolGrantUsersComponent() {
  const { t } = useTranslation();
  return (
    <PoolCard title={t('security-chain.records.poolUsersTitle')} testId="sc-pool-users">
      {(sid, scope) => (
        <FuncRecordsTable sid={sid} lead="user" fixed={{ ...scope, kind: 'issue' }} testId="sc-pool-users-list" />
      )}
    </PoolCard>
  );
}
