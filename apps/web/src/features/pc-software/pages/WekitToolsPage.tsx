import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { SOFT_AUTH_TYPES, SOFT_KINDS } from '@keel/contract/endpoints/pc-software-model';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { RowActions } from '../../../shared/admin-kit/RowActions';
import type { ActionsDeclaration, RemoveDeclaration } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { useSession } from '../../../shared/session/session-store';
import { APP_INFO_PAGE, SOFT_READS, useSoftCan } from '../api';
import { AuthTypeTag } from '../components/AuthTypeComponent';
import { KindTag, SoftCell } from '../components/bits';
import { SoftDialog } from '../dialogs/SoftDialog';

/** The latest versions of a software in one line: stable, then beta when it is newer. */
export function LatestVersions({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  if (soft.versionCount === 0)
    return <Typography.Text type="secondary">{t('pc-software.version.none')}</Typography.Text>;
  const parts = [
    soft.latestStable && `${t('pc-software.channel.stable')} ${soft.latestStable.version}`,
    soft.latestBeta &&
      soft.latestBeta.versionId !== soft.latestStable?.versionId &&
      `${t('pc-software.channel.beta')} ${soft.latestBeta.version}`,
  ].filter(Boolean);
  return (
    <span translate="no">
      {t('pc-software.version.count', { count: soft.versionCount })}
      {parts.length > 0 && ` · ${parts.join(' · ')}`}
    </span>
  );
}

/**
 * `/Wekit/WekitToolsPage`: the property's software, last changed first, with search, the auth type and kind filters.
 * With `tools.list.edit`: create and edit (SoftDialog), delete after a confirmation (a main tool with child tools is
 * refused by the server with the reason). A row opens the software's page (WekitAppInfo).
 */
export function WekitToolsPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useSoftCan('edit');
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ soft?: SoftItem } | null>(null);

  const remove: RemoveDeclaration<SoftItem, 'soft/deleteSoftInfo'> = {
    path: 'soft/deleteSoftInfo',
    input: (row) => ({ softId: row.softId }),
    confirm: (row) => ({
      title: t('pc-software.soft.deleteConfirm', { name: row.name }),
      description: t('pc-software.soft.deleteHelp'),
    }),
    success: (_d, row) => t('pc-software.soft.deleted', { name: row.name }),
    invalidates: SOFT_READS,
  };
  const actions: ActionsDeclaration<SoftItem> = {
    title: t('common.actions'),
    width: 130,
    before: (row) => (
      <Tooltip title={t('pc-software.soft.open')}>
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('pc-software.soft.openNamed', { name: row.name })}
          onClick={() => void navigate({ to: APP_INFO_PAGE as never, search: { softId: row.softId } as never })}
          data-testid={`soft-open-${row.name}`}
        />
      </Tooltip>
    ),
    edit: canEdit
      ? {
          label: t('pc-software.soft.edit'),
          icon: <EditOutlined />,
          iconOnly: true,
          testId: (row) => `soft-edit-${row.name}`,
        }
      : undefined,
    remove: canEdit
      ? {
          label: t('pc-software.soft.delete'),
          icon: <DeleteOutlined />,
          iconOnly: true,
          testId: (row) => `soft-delete-${row.name}`,
          disabled: (row) => (row.childCount > 0 ? t('pc-software.soft.deleteHasChildren') : undefined),
        }
      : undefined,
  };

  const columns: ColumnSpec<SoftItem>[] = [
    {
      key: 'str',
      title: t('pc-software.soft.soft'),
      filter: true,
      wrap: true,
      pinned: true,
      width: 240,
      render: (row) => <SoftCell soft={row} testId={`soft-row-${row.name}`} />,
    },
    {
      key: 'kind',
      title: t('pc-software.soft.kind'),
      width: 190,
      wrap: true,
      filter: SOFT_KINDS.map((k) => ({ value: k, label: t(`pc-software.kind.${k}`) })),
      render: (row) => (
        <div>
          <KindTag soft={row} testId={`soft-kind-${row.name}`} />
          {row.kind === 'child' && (
            <Typography.Text type="secondary" style={{ display: 'block' }} data-testid={`soft-main-${row.name}`}>
              {row.mainSoftName ? (
                <span translate="no">{t('pc-software.soft.underMain', { name: row.mainSoftName })}</span>
              ) : (
                t('pc-software.soft.noMain')
              )}
            </Typography.Text>
          )}
          {row.kind === 'main' && row.childCount > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {t('pc-software.soft.childCount', { count: row.childCount })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'authType',
      title: t('pc-software.soft.authType'),
      width: 120,
      filter: SOFT_AUTH_TYPES.map((a) => ({ value: String(a), label: t(`pc-software.authType.${a}`) })),
      render: (row) => <AuthTypeTag value={row.authType} testId={`soft-auth-${row.name}`} />,
    },
    {
      key: 'versions',
      title: t('pc-software.soft.versions'),
      width: 220,
      wrap: true,
      render: (row) => <LatestVersions soft={row} />,
    },
    {
      key: 'signModuleName',
      title: t('pc-software.soft.signModule'),
      width: 140,
      render: (row) => <span translate="no">{row.signModuleName || t('pc-software.soft.unsigned')}</span>,
    },
    { key: 'updateTime', title: t('pc-software.updated'), width: 150, time: true },
    {
      key: 'action',
      title: actions.title,
      width: actions.width,
      wrap: true,
      render: (row) => (
        <RowActions
          actions={actions}
          remove={remove}
          scope="property"
          row={row}
          onEdit={(soft) => setEditing({ soft })}
        />
      ),
    },
  ];

  const createButton =
    pno && canEdit ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="soft-create">
        {t('pc-software.soft.create')}
      </Button>
    ) : null;

  return (
    <Card title={t('pc-software.soft.title')} extra={createButton} data-testid="soft-page">
      {pno ? (
        <>
          <Typography.Paragraph type="secondary">{t('pc-software.soft.help')}</Typography.Paragraph>
          <DataTable
            testId="soft-table"
            rowKey="softId"
            query={(params) =>
              apiQuery('soft/getSoftInfoList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
                ...(params.filters.kind ? { kind: params.filters.kind as never } : {}),
                ...(params.filters.authType ? { authType: params.filters.authType as never } : {}),
              })
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('pc-software.noProperty')} />
      )}
      {editing && <SoftDialog soft={editing.soft} onClose={() => setEditing(null)} />}
    </Card>
  );
}
