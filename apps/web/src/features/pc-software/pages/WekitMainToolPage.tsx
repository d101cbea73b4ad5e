import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { id } from '@keel/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { SOFT_CHOICES, SOFT_READS, useSoftCan } from '../api';
import { KindTag, SoftCell } from '../components/bits';
import { softSaveInput } from '../model';

const MAIN_SEARCH = z.object({ mainSoftId: id() }).partial();

/** Attach one of the property's child tools to a main tool: its save call with the main tool set. */
function AttachChild({ main, attachedList }: { main: SoftItem; attachedList: readonly SoftItem[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const candidates = useQuery(apiQuery('soft/getSoftInfoList', { pageNum: 1, pageSize: SOFT_CHOICES, kind: 'child' }));
  const save = useApiMutation('soft/saveOrUpdateSoftInfo', {
    invalidates: SOFT_READS,
    success: (d) => t('pc-software.main.attached', { name: d.name, main: main.name }),
  });
  const attached = new Set(attachedList.map((c) => c.softId));
  const options = (candidates.data?.list ?? [])
    .filter((c) => !attached.has(c.softId))
    .map((c) => ({
      value: c.softId,
      label: c.mainSoftName ? `${c.name} · ${t('pc-software.soft.underMain', { name: c.mainSoftName })}` : c.name,
    }));
  return (
    <Select
      style={{ width: '100%', maxWidth: 420 }}
      showSearch
      optionFilterProp="label"
      value={null}
      disabled={busy}
      loading={candidates.isLoading || busy}
      placeholder={t('pc-software.main.attach')}
      aria-label={t('pc-software.main.attach')}
      notFoundContent={candidates.isLoading ? undefined : t('pc-software.main.noCandidates')}
      data-testid="main-attach"
      options={options}
      onChange={async (softId: string) => {
        const child = candidates.data?.list.find((c) => c.softId === softId);
        if (!child) return;
        setBusy(true);
        await save(softSaveInput(child, { mainSoftId: main.softId }));
        setBusy(false);
      }}
    />
  );
}

/** A main tool's child tools, in their order: detach one (it stays, without a main tool); attach another. */
function ChildTools({ main }: { main: SoftItem }) {
  const { t } = useTranslation();
  const canEdit = useSoftCan('edit');
  const children = useQuery(apiQuery('softRelease/getMainToChildList', { mainSoftId: main.softId }));
  const detach = useApiMutation('softRelation/deleteSoftRelation', {
    invalidates: SOFT_READS,
    success: (_d, input) =>
      t('pc-software.main.detached', {
        name: children.data?.list.find((c) => c.softId === input.childSoftId)?.name ?? '',
      }),
  });
  let body: ReactNode;
  if (children.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (children.isError)
    body = (
      <Result
        status="warning"
        title={t('pc-software.main.childrenFailed')}
        extra={<Button onClick={() => void children.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else
    body = (
      <List
        bordered
        dataSource={children.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.main.noChildren')} />,
        }}
        renderItem={(child) => (
          <List.Item
            data-testid={`main-child-${child.name}`}
            actions={
              canEdit
                ? [
                    <ConfirmAction
                      key="detach"
                      title={t('pc-software.main.detachConfirm', { name: child.name, main: main.name })}
                      description={t('pc-software.main.detachHelp')}
                      onConfirm={() => detach({ childSoftId: child.softId })}
                      buttonProps={
                        {
                          size: 'small',
                          icon: <DisconnectOutlined />,
                          'aria-label': t('pc-software.main.detachNamed', { name: child.name }),
                          'data-testid': `main-detach-${child.name}`,
                        } as never
                      }
                    >
                      {t('pc-software.main.detach')}
                    </ConfirmAction>,
                  ]
                : []
            }
          >
            <div style={{ minWidth: 0 }}>
              <SoftCell soft={child} />
            </div>
          </List.Item>
        )}
      />
    );
  return (
    <Card
      size="small"
      title={
        <span>
          {t('pc-software.main.childrenOf')} <span translate="no">{main.name}</span>
        </span>
      }
      data-testid="main-children"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {canEdit && <AttachChild main={main} attachedList={children.data?.list ?? []} />}
        {body}
      </Space>
    </Card>
  );
}

/**
 * `/Wekit/WekitMainToolPage`: the main tools child tools may be attached to — the property's own and the platform
 * main tools granted to it (read-only but for attaching) — with search; one of them (`?mainSoftId=`) shows its child
 * tools below, where `tools.list.edit` attaches and detaches them.
 */
export function WekitMainToolPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const { mainSoftId } = useSearchOf(MAIN_SEARCH);
  const update = useSearchUpdate();
  const chosen = useQuery({
    ...apiQuery('soft/selectSoftInfoById', { softId: mainSoftId ?? '' }),
    enabled: !!pno && !!mainSoftId,
    retry: false,
  });
  const columns: ColumnSpec<SoftItem>[] = [
    {
      key: 'str',
      title: t('pc-software.soft.soft'),
      filter: true,
      wrap: true,
      pinned: true,
      width: 240,
      render: (row) => (
        <SoftCell
          soft={row}
          sub={row.granted ? t('pc-software.main.from', { name: row.propertyName }) : row.spaceName}
          testId={`main-row-${row.name}`}
        />
      ),
    },
    { key: 'kind', title: t('pc-software.soft.kind'), width: 170, wrap: true, render: (row) => <KindTag soft={row} /> },
    {
      key: 'childCount',
      title: t('pc-software.main.children'),
      width: 110,
      render: (row) => <span data-testid={`main-count-${row.name}`}>{row.childCount}</span>,
    },
    {
      key: 'description',
      title: t('pc-software.soft.description'),
      width: 220,
      render: (row) => <span translate="no">{row.description || '—'}</span>,
    },
    {
      key: 'action',
      title: t('common.actions'),
      width: 120,
      wrap: true,
      render: (row) => (
        <Button
          size="small"
          type={row.softId === mainSoftId ? 'primary' : 'default'}
          icon={<ApartmentOutlined />}
          aria-pressed={row.softId === mainSoftId}
          onClick={() => update({ mainSoftId: row.softId, pageNum: undefined })}
          data-testid={`main-open-${row.name}`}
        >
          {t('pc-software.main.children')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('pc-software.main.title')} data-testid="main-page">
      {pno ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('pc-software.main.help')}</Typography.Text>
          <DataTable
            testId="main-table"
            rowKey="softId"
            query={(params) =>
              apiQuery('soft/getMainToolList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
              })
            }
            columns={columns}
          />
          {mainSoftId && chosen.data && <ChildTools main={chosen.data} />}
          {!mainSoftId && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.main.choose')} />}
        </Space>
      ) : (
        <Empty description={t('pc-software.noProperty')} />
      )}
    </Card>
  );
}
