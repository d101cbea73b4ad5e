import type { SecuritySpaceItem } from '@keel/contract/endpoints/security-chain';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { SPACE_SEARCH } from '../api';

/** The security spaces the member reaches, and the one the URL chooses (`?sid=`; none: the first). */
export function useSecuritySpace() {
  const pno = useSession((s) => s.selectedPropertyPno);
  const spaces = useQuery({ ...apiQuery('func/getFuncSpaceList', {}), enabled: !!pno });
  const { sid: asked } = useSearchOf(SPACE_SEARCH);
  const list = spaces.data?.list ?? [];
  const space = list.find((s) => s.sid === asked) ?? (asked ? undefined : list[0]);
  return { pno, spaces, list, space };
}

/** The choice of security space, for a card's corner: changing it starts the page's lists afresh. */
export function SecuritySpaceSelect({ list, value }: { list: readonly SecuritySpaceItem[]; value?: string }) {
  const { t } = useTranslation();
  const update = useSearchUpdate();
  if (list.length === 0) return null;
  return (
    <Select
      data-testid="sc-space-select"
      aria-label={t('security-chain.space.label')}
      style={{ minWidth: 180, maxWidth: '100%' }}
      placeholder={t('security-chain.space.placeholder')}
      value={value}
      showSearch
      optionFilterProp="label"
      options={list.map((s) => ({ value: s.sid, label: s.name }))}
      onChange={(sid) => update({ sid, funcId: undefined, str: undefined, pageNum: undefined })}
    />
  );
}

/**
 * The body of a page working in a security space: no property, loading, failed, no security space, a space the URL
 * names that is gone; otherwise `children` of the chosen space.
 */
export function SecuritySpaceGate({
  state,
  children,
}: {
  state: ReturnType<typeof useSecuritySpace>;
  children: (space: SecuritySpaceItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const { pno, spaces, list, space } = state;
  if (!pno) return <Empty description={t('security-chain.space.noProperty')} />;
  if (spaces.isLoading) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  if (spaces.isError)
    return (
      <Result
        status="error"
        title={t('security-chain.space.loadFailed')}
        extra={<Button onClick={() => void spaces.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  if (list.length === 0) return <Empty data-testid="sc-no-space" description={t('security-chain.space.none')} />;
  if (!space) return <Empty description={t('security-chain.space.choose')} />;
  return <>{children(space)}</>;
}
