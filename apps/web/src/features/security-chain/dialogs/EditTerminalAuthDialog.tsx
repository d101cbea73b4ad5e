import { DEVICE_AUTH_REMARK_MAX } from '@keel/contract/endpoints/security-device-auth';
import { id } from '@keel/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { DEVICE_AUTH_READS } from '../api';
import { TargetTypeTag } from '../components/DeviceAuthTable';
import { GrantWindowFields, type GrantWindowValues, windowInput } from '../components/GrantWindowFields';

/** The authorisation the dialog edits (`?authId=`) and its space (`?sid=`). */
const EDIT_SEARCH = z.object({ sid: id(), authId: id() }).partial();

interface EditValues extends GrantWindowValues {
  remark?: string;
}

/**
 * `/SecurityChain/EditTerminalAuthDialog?sid=&authId=`: change a device authorisation's window and remark; its
 * function and target stay (delete it and add another to change them). One that is gone closes with a warning.
 */
export function EditTerminalAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { sid, authId } = useSearchOf(EDIT_SEARCH);
  const named = !!sid && !!authId;
  const query = useQuery({
    ...apiQuery('da/getAuthDeviceList', { sid: sid ?? '', authId, pageNum: 1, pageSize: 1 }),
    enabled: named,
    select: (data) => data.list[0],
  });
  const row = useRouteObject(query, named, t('security-chain.deviceAuth.goneWarning'), onClose);
  const save = useApiMutation('da/updateDeviceFuncAuth', {
    invalidates: DEVICE_AUTH_READS,
    success: (data) =>
      t('security-chain.deviceAuth.saved', { target: data.targetName || data.targetId, func: data.funcCode }),
  });
  return (
    <FormDialog<EditValues>
      open={!!row}
      title={t('security-chain.deviceAuth.edit')}
      testId="sc-da-edit-dialog"
      onClose={onClose}
      initialValues={
        row
          ? {
              start: row.startTime === null ? null : dayjs(row.startTime),
              end: row.endTime === null ? null : dayjs(row.endTime),
              remark: row.remark,
            }
          : undefined
      }
      onSubmit={async (v) =>
        row ? save({ authId: row.authId, ...windowInput(v), remark: (v.remark ?? '').trim() }) : false
      }
    >
      {row && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'target',
              label: t('security-chain.deviceAuth.target'),
              children: (
                <span translate="no">
                  <TargetTypeTag type={row.targetType} />
                  {row.targetName || row.targetId}
                </span>
              ),
            },
            {
              key: 'func',
              label: t('security-chain.deviceAuth.func'),
              children: <span translate="no">{`${row.funcCode} · ${row.funcName}`}</span>,
            },
          ]}
        />
      )}
      <GrantWindowFields testIdPrefix="sc-da-edit" />
      <Form.Item name="remark" label={t('security-chain.deviceAuth.remark')}>
        <Input.TextArea data-testid="sc-da-edit-remark" maxLength={DEVICE_AUTH_REMARK_MAX} showCount autoSize />
      </Form.Item>
    </FormDialog>
  );
}
