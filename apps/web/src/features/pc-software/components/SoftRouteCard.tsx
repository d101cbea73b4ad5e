import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { SOFT_SEARCH } from '../api';
import { SoftPicker } from './SoftPicker';

/** The software the URL names (`?softId=`), read once a property is selected. */
export function useSoftOfUrl() {
  const pno = useSession((s) => s.selectedPropertyPno);
  const { softId } = useSearchOf(SOFT_SEARCH);
  const soft = useQuery({
    ...apiQuery('soft/selectSoftInfoById', { softId: softId ?? '' }),
    enabled: !!pno && !!softId,
    retry: false,
  });
  return { pno, softId, soft };
}

/**
 * The body of a page or component about one software (`?softId=`): no property, none chosen (the choice in the
 * card's corner), loading, failed or gone (another property's software is "not found"); otherwise `children`.
 */
export function SoftGate({
  state,
  children,
}: {
  state: ReturnType<typeof useSoftOfUrl>;
  children: (soft: SoftItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const { pno, softId, soft } = state;
  if (!pno) return <Empty description={t('pc-software.noProperty')} />;
  if (!softId) return <Empty data-testid="soft-none-chosen" description={t('pc-software.soft.chooseHelp')} />;
  if (soft.isLoading) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  if (soft.isError || !soft.data)
    return (
      <Result
        status="warning"
        data-testid="soft-load-failed"
        title={t('pc-software.soft.loadFailed')}
        extra={<Button onClick={() => void soft.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  return <>{children(soft.data)}</>;
}

/** The choice of software for a card's corner: it sets `?softId=` (and leaves the page's other params). */
export function SoftChoice({ value }: { value?: string }) {
  const update = useSearchUpdate();
  return (
    <SoftPicker value={value} onChange={(softId) => update({ softId, versionId: undefined })} testId="soft-choice" />
  );
}

/** A component route's card about one software: the choice in its corner, the component below. */
export function SoftRouteCard({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: (soft: SoftItem) => ReactNode;
}) {
  const state = useSoftOfUrl();
  return (
    <Card title={title} data-testid={testId} extra={state.pno ? <SoftChoice value={state.softId} /> : null}>
      <SoftGate state={state}>{children}</SoftGate>
    </Card>
  );
}
