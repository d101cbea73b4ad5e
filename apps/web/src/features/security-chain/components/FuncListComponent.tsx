import type { FuncItem } from '@keel/contract/endpoints/security-chain';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useDebounced } from '../../../shared/pickers/use-debounced';
import { FUNC_CHOICES } from '../api';
import { RiskTag } from './RiskTag';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from './SecuritySpaceGate';

/**
 * The function picker of the security chain pages: a space's functions, searched by code and name, each with its
 * risk level; choosing one calls `onSelect` (the chosen one is marked).
 */
export function FuncPickerList({
  sid,
  selected,
  onSelect,
}: {
  sid: string;
  selected?: string;
  onSelect?: (func: FuncItem) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const funcs = useQuery(
    apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES, ...(str ? { str } : {}) }),
  );
  let body: React.ReactNode;
  if (funcs.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (funcs.isError)
    body = (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        extra={<Button onClick={() => void funcs.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else if ((funcs.data?.list.length ?? 0) === 0)
    body = <Empty description={str ? t('security-chain.picker.noMatch') : t('security-chain.picker.none')} />;
  else
    body = (
      <List
        size="small"
        dataSource={funcs.data?.list ?? []}
        renderItem={(f) => (
          <List.Item
            data-testid={`sc-pick-${f.code}`}
            aria-selected={f.funcId === selected}
            style={{
              cursor: onSelect ? 'pointer' : undefined,
              flexWrap: 'wrap',
              gap: 4,
              background: f.funcId === selected ? '#e6f4ff' : undefined,
            }}
            onClick={() => onSelect?.(f)}
          >
            <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
              <Typography.Text code translate="no">
                {f.code}
              </Typography.Text>
              <Typography.Text translate="no">{f.name}</Typography.Text>
            </Space>
            <RiskTag risk={f.risk} />
          </List.Item>
        )}
      />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sc-func-picker">
      <Input.Search
        allowClear
        aria-label={t('security-chain.picker.search')}
        placeholder={t('security-chain.picker.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="sc-func-picker-search"
      />
      {body}
    </Space>
  );
}

/** `/SecurityChain/FuncListComponent`: the function picker over a chosen security space, on its own. */
export function FuncListComponent() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  const [picked, setPicked] = useState<FuncItem | undefined>();
  return (
    <Card
      title={t('security-chain.picker.title')}
      data-testid="sc-func-component"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>
        {(space) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            <FuncPickerList key={space.sid} sid={space.sid} selected={picked?.funcId} onSelect={setPicked} />
            {picked && (
              <Typography.Paragraph data-testid="sc-func-picked">
                {t('security-chain.picker.picked', { code: picked.code, name: picked.name })}
              </Typography.Paragraph>
            )}
          </Space>
        )}
      </SecuritySpaceGate>
    </Card>
  );
}
