import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  PRIVILEGED_REMARK_MAX,
  type PrivilegedState,
  type PrivilegedUserItem,
  privilegedUserEndpoints,
} from '@keel/contract/endpoints/security-privileged';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { PRIVILEGED_READS, useCanEditPrivileged } from '../api';

const LIST = privilegedUserEndpoints['pa/getPrivilegedUserList'].input.pick({ str: true });
const SAVE = privilegedUserEndpoints['pa/addPrivilegedUser'].input;

const STATE_COLOURS: Record<PrivilegedState, string> = {
  active: 'green',
  pending: 'blue',
  expired: 'default',
  disabled: 'red',
};

interface PrivilegedValues {
  uidList: string[];
  start?: Dayjs | null;
  end?: Dayjs | null;
  remark?: string;
}

/** Disables or enables a privileged user. */
function DisableButton({ row }: { row: PrivilegedUserItem }) {
  const { t } = useTranslation();
  const disable = row.disabled === 0;
  const set = useApiMutation('pa/setPrivilegedUserDisable', {
    invalidates: PRIVILEGED_READS,
    success: () =>
      t(disable ? 'security-chain.privileged.disabledDone' : 'security-chain.privileged.enabledDone', {
        name: row.userName,
      }),
  });
  return (
    <Button
      size="small"
      data-testid={`sc-priv-${disable ? 'disable' : 'enable'}-${row.phone}`}
      onClick={() => void set({ privilegeId: row.privilegeId, disabled: disable ? 1 : 0 })}
    >
      {t(disable ? 'security-chain.privileged.disable' : 'security-chain.privileged.enable')}
    </Button>
  );
}

/**
 * The privileged users of a security space: members who may operate any of its functions, within an optional
 * window; add (members picked by name or phone), disable and enable, delete after a confirmation.
 */
export function PrivilegedUsersTab({ sid }: { sid: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEditPrivileged();
  const window = (r: PrivilegedUserItem) =>
    r.startTime === null && r.endTime === null
      ? t('security-chain.privileged.always')
      : `${r.startTime === null ? '…' : formatTime(r.startTime)} – ${r.endTime === null ? '…' : formatTime(r.endTime)}`;
  const resource = defineResource<PrivilegedUserItem>()({
    rowKey: 'privilegeId',
    tableTestId: 'sc-priv-table',
    testId: 'sc-priv-list',
    toolbar: <Typography.Text type="secondary">{t('security-chain.privileged.help')}</Typography.Text>,
    create: canEdit
      ? { label: t('security-chain.privileged.create'), icon: <PlusOutlined />, testId: 'sc-priv-create' }
      : undefined,
    list: { path: 'pa/getPrivilegedUserList', schema: LIST, input: (s) => ({ ...s, sid }) },
    columns: [
      {
        // The member column is also the search box (`str`: name and phone).
        key: 'str',
        title: t('security-chain.privileged.user'),
        filter: true,
        pinned: true,
        width: 180,
        wrap: true,
        render: (r) => (
          <Space direction="vertical" size={0} data-testid={`sc-priv-${r.phone}`}>
            <Typography.Text translate="no">{r.userName}</Typography.Text>
            <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
              {r.phone}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'state',
        title: t('security-chain.privileged.state'),
        width: 100,
        render: (r) => (
          <Tag color={STATE_COLOURS[r.state]} data-testid={`sc-priv-state-${r.phone}`}>
            {t(`security-chain.privileged.states.${r.state}`)}
          </Tag>
        ),
      },
      { key: 'window', title: t('security-chain.privileged.window'), width: 280, render: window },
      { key: 'remark', title: t('security-chain.privileged.remark'), width: 180 },
      { key: 'createTime', title: t('security-chain.privileged.created'), width: 160, time: true },
    ],
    form: {
      save: 'pa/addPrivilegedUser',
      schema: SAVE as never,
      testId: 'sc-priv-dialog',
      title: () => t('security-chain.privileged.create'),
      tooLong: (max) => t('security-chain.tooLong', { max }),
      invalidates: PRIVILEGED_READS,
      fields: () => [
        {
          name: 'uidList',
          label: t('security-chain.privileged.users'),
          type: 'custom',
          // A list: required as a non-empty array (the kit's `required` checks a text).
          rules: [{ type: 'array', required: true, min: 1, message: t('security-chain.privileged.usersRequired') }],
          control: <UserPicker multiple testId="sc-priv-users" />,
        },
        {
          name: 'start',
          label: t('security-chain.privileged.start'),
          type: 'custom',
          half: true,
          extra: t('security-chain.privileged.windowHelp'),
          control: <DatePicker data-testid="sc-priv-start" style={{ width: '100%' }} />,
        },
        {
          name: 'end',
          label: t('security-chain.privileged.end'),
          type: 'custom',
          half: true,
          rules: [
            ({ getFieldValue }) => ({
              validator: async (_: unknown, end?: Dayjs | null) => {
                const start = getFieldValue('start') as Dayjs | null | undefined;
                if (start && end && end.endOf('day').valueOf() <= start.startOf('day').valueOf()) {
                  throw new Error(t('security-chain.privileged.endBeforeStart'));
                }
              },
            }),
          ],
          control: <DatePicker data-testid="sc-priv-end" style={{ width: '100%' }} />,
        },
        {
          name: 'remark',
          label: t('security-chain.privileged.remark'),
          testId: 'sc-priv-remark',
          maxLength: PRIVILEGED_REMARK_MAX,
        },
      ],
      input: (v: PrivilegedValues) => {
        const { start, end } = v;
        return {
          sid,
          uidList: v.uidList,
          ...(start ? { startTime: start.startOf('day').valueOf() } : {}),
          ...(end ? { endTime: end.endOf('day').valueOf() } : {}),
          remark: (v.remark ?? '').trim(),
        };
      },
      success: (data) => t('security-chain.privileged.added', { count: data.list.length }),
    },
    remove: {
      path: 'pa/delPrivilegedUser',
      input: (row) => ({ privilegeId: row.privilegeId }),
      confirm: (row) => ({
        title: t('security-chain.privileged.deleteConfirm', { name: row.userName }),
        description: t('security-chain.privileged.deleteHelp'),
      }),
      success: (_d, row) => t('security-chain.privileged.deleted', { name: row.userName }),
      invalidates: PRIVILEGED_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 150,
          before: (row) => <DisableButton row={row} />,
          remove: {
            label: t('security-chain.privileged.delete'),
            icon: <DeleteOutlined />,
            iconOnly: true,
            testId: (row) => `sc-priv-delete-${row.phone}`,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
