import type { SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { SOFT_SEARCH, TOOLS_PAGE } from '../api';

/** The version the URL names (`?versionId=`) and its software, read once a property is selected. */
export function useVersionOfUrl() {
  const pno = useSession((s) => s.selectedPropertyPno);
  const { versionId } = useSearchOf(SOFT_SEARCH);
  const version = useQuery({
    ...apiQuery('softVersion/getSoftVersionInfo', { versionId: versionId ?? '' }),
    enabled: !!pno && !!versionId,
    retry: false,
  });
  const softId = version.data?.softId;
  const soft = useQuery({
    ...apiQuery('soft/selectSoftInfoById', { softId: softId ?? '' }),
    enabled: !!softId,
    retry: false,
  });
  return { pno, versionId, version, soft };
}

/**
 * The body of a page or component about one version: no property, none named (a link to the tools), loading,
 * failed or gone; otherwise `children` with the software and the version.
 */
export function VersionGate({
  state,
  children,
}: {
  state: ReturnType<typeof useVersionOfUrl>;
  children: (soft: SoftItem, version: SoftVersionItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const { pno, versionId, version, soft } = state;
  if (!pno) return <Empty description={t('pc-software.noProperty')} />;
  if (!versionId)
    return (
      <Empty data-testid="version-none-chosen" description={t('pc-software.version.chooseHelp')}>
        <Link to={TOOLS_PAGE as never}>{t('pc-software.soft.title')}</Link>
      </Empty>
    );
  if (version.isLoading || soft.isLoading) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  if (version.isError || soft.isError || !version.data || !soft.data)
    return (
      <Result
        status="warning"
        data-testid="version-load-failed"
        title={t('pc-software.version.loadFailed')}
        extra={
          <Button
            onClick={() => {
              void version.refetch();
              void soft.refetch();
            }}
          >
            {t('kit.retry')}
          </Button>
        }
      />
    );
  return <>{children(soft.data, version.data)}</>;
}

/** A component route's card about the version the URL names. */
export function VersionRouteCard({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: (soft: SoftItem, version: SoftVersionItem) => ReactNode;
}) {
  const state = useVersionOfUrl();
  const head = state.version.data ? (
    <span translate="no">
      {state.version.data.softName} {state.version.data.version}
    </span>
  ) : null;
  return (
    <Card title={title} data-testid={testId} extra={head}>
      <VersionGate state={state}>{children}</VersionGate>
    </Card>
  );
}
