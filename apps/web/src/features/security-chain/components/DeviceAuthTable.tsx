import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  DEVICE_AUTH_STATES,
  DEVICE_AUTH_TARGETS,
  type DeviceAuthItem,
  deviceAuthEndpoints,
} from '@keel/contract/endpoints/security-device-auth';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import {
  ADD_DEVICE_AUTH_DIALOG,
  DEVICE_AUTH_READS,
  DEVICE_DETAIL_PAGE,
  EDIT_DEVICE_AUTH_DIALOG,
  FUNC_CHOICES,
  useCanEditDeviceAuths,
} from '../api';
import { GrantStateTag } from './GrantStateTag';
import { windowText } from './grant-window';
import { RiskTag } from './RiskTag';

const LIST = deviceAuthEndpoints['da/getAuthDeviceList'].input.pick({
  str: true,
  funcId: true,
  targetType: true,
  state: true,
});

/** Disables or enables an authorisation. */
function DisableButton({ row }: { row: DeviceAuthItem }) {
  const { t } = useTranslation();
  const disable = row.disabled === 0;
  const set = useApiMutation('da/setAuthDeviceDisable', {
    invalidates: DEVICE_AUTH_READS,
    success: () =>
      t(disable ? 'security-chain.deviceAuth.disabledDone' : 'security-chain.deviceAuth.enabledDone', {
        target: row.targetName || row.targetId,
        func: row.funcCode,
      }),
  });
  return (
    <Button
      size="small"
      data-testid={`sc-da-${disable ? 'disable' : 'enable'}-${row.targetId}`}
      onClick={() => void set({ authId: row.authId, disabled: disable ? 1 : 0 })}
    >
      {t(disable ? 'security-chain.deviceAuth.disable' : 'security-chain.deviceAuth.enable')}
    </Button>
  );
}

/** An authorisation's target type as a tag. */
export function TargetTypeTag({ type }: { type: DeviceAuthItem['targetType'] }) {
  const { t } = useTranslation();
  return <Tag color={type === 'device' ? 'geekblue' : 'purple'}>{t(`security-chain.deviceAuth.targets.${type}`)}</Tag>;
}

/** An authorisation's target: a device (a link to its detail page, with its id) or a group (with its space). */
export function DeviceAuthTarget({ row, sid }: { row: DeviceAuthItem; sid: string }) {
  const { t } = useTranslation();
  const name = row.targetName || t('security-chain.deviceAuth.gone');
  return (
    <Space direction="vertical" size={0} data-testid={`sc-da-target-${row.targetId}`} style={{ minWidth: 0 }}>
      {row.targetType === 'device' ? (
        <Link
          to={DEVICE_DETAIL_PAGE as never}
          search={{ deviceId: row.targetId, sid } as never}
          data-testid={`sc-da-device-link-${row.targetId}`}
          translate="no"
        >
          {name}
        </Link>
      ) : (
        <Typography.Text translate="no">{name}</Typography.Text>
      )}
      <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
        {row.targetType === 'device' ? row.targetId : row.targetSpaceName}
      </Typography.Text>
    </Space>
  );
}

/**
 * The device authorisations of a security space: search (function, device), filters (function, target type,
 * state), state tags; with `security.device.edit`, add and edit (their dialog routes), disable, enable, delete after
 * a confirmation. A device's name leads to its detail page.
 */
export function DeviceAuthTable({ sid }: { sid: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEditDeviceAuths();
  const navigate = useNavigate();
  const funcs = useQuery(apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }));
  const resource = defineResource<DeviceAuthItem>()({
    rowKey: 'authId',
    tableTestId: 'sc-da-table',
    testId: 'sc-da-list',
    toolbar: (
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('security-chain.deviceAuth.help')}</Typography.Text>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="sc-da-create"
            onClick={() => void navigate({ to: ADD_DEVICE_AUTH_DIALOG as never, search: { sid } as never })}
          >
            {t('security-chain.deviceAuth.create')}
          </Button>
        )}
      </Space>
    ),
    list: { path: 'da/getAuthDeviceList', schema: LIST, input: (s) => ({ ...s, sid }) },
    columns: [
      {
        // The target column is also the search box (`str`: function code and names, device id and name).
        key: 'str',
        title: t('security-chain.deviceAuth.target'),
        filter: true,
        pinned: true,
        width: 180,
        wrap: true,
        render: (r) => <DeviceAuthTarget row={r} sid={sid} />,
      },
      {
        key: 'targetType',
        title: t('security-chain.deviceAuth.targetType'),
        width: 80,
        render: (r) => <TargetTypeTag type={r.targetType} />,
        filter: DEVICE_AUTH_TARGETS.map((v) => ({ value: v, label: t(`security-chain.deviceAuth.targets.${v}`) })),
      },
      {
        key: 'funcId',
        title: t('security-chain.deviceAuth.func'),
        width: 200,
        wrap: true,
        filter: (funcs.data?.list ?? []).map((f) => ({ value: f.funcId, label: `${f.code} · ${f.name}` })),
        render: (r) => (
          <Space direction="vertical" size={0}>
            <Space size={4} wrap>
              <Typography.Text code translate="no">
                {r.funcCode}
              </Typography.Text>
              <RiskTag risk={r.risk} />
            </Space>
            <Typography.Text translate="no">{r.funcName}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'state',
        title: t('security-chain.deviceAuth.state'),
        width: 90,
        filter: DEVICE_AUTH_STATES.map((v) => ({ value: v, label: t(`security-chain.deviceAuth.states.${v}`) })),
        render: (r) => <GrantStateTag state={r.state} testId={`sc-da-state-${r.targetId}`} />,
      },
      {
        key: 'window',
        title: t('security-chain.deviceAuth.window'),
        width: 160,
        wrap: true,
        render: (r) => windowText(r, t('security-chain.deviceAuth.always')),
      },
      { key: 'remark', title: t('security-chain.deviceAuth.remark'), width: 100 },
      { key: 'createTime', title: t('security-chain.deviceAuth.created'), width: 140, time: true },
    ],
    remove: {
      path: 'da/delDeviceFuncAuth',
      input: (row) => ({ authId: row.authId }),
      confirm: (row) => ({
        title: t('security-chain.deviceAuth.deleteConfirm', {
          target: row.targetName || row.targetId,
          func: row.funcCode,
        }),
        description: t('security-chain.deviceAuth.deleteHelp'),
      }),
      success: (_d, row) =>
        t('security-chain.deviceAuth.deleted', { target: row.targetName || row.targetId, func: row.funcCode }),
      invalidates: DEVICE_AUTH_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 170,
          before: (row) => (
            <Space size={4}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('security-chain.deviceAuth.edit')}
                title={t('security-chain.deviceAuth.edit')}
                data-testid={`sc-da-edit-${row.targetId}`}
                onClick={() =>
                  void navigate({
                    to: EDIT_DEVICE_AUTH_DIALOG as never,
                    search: { sid, authId: row.authId } as never,
                  })
                }
              />
              <DisableButton row={row} />
            </Space>
          ),
          remove: {
            label: t('security-chain.deviceAuth.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-da-delete-${row.targetId}`,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
