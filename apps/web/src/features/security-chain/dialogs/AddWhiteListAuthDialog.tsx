import {
  WHITE_LIST_MEMBERS_PER_CALL,
  WHITE_LIST_REMARK_MAX,
  type WhiteListMemberType,
} from '@keel/contract/endpoints/security-pools';
import Alert from 'antd/es/alert';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { PoolFuncSelect } from '../components/PoolFuncSelect';
import { SecurityDevicePicker } from '../components/SecurityDevicePicker';
import { useSecuritySpace } from '../components/SecuritySpaceGate';
import { MEMBER_TYPES, POOL_DIALOG_SEARCH, useCanEditWhiteList, WHITE_LIST_READS } from '../pool-api';

interface WhiteListValues {
  funcId: string;
  memberType: WhiteListMemberType;
  members: string[];
  start?: Dayjs | null;
  end?: Dayjs | null;
  remark?: string;
}

/**
 * Adds members of the property or its devices to a function's white list, within an optional window (days, from the
 * first's start to the last's end). `funcId` chooses the function beforehand (`fixedFunc`: it cannot change).
 */
export function AddWhiteListDialog({
  sid,
  funcId,
  fixedFunc = false,
  onClose,
}: {
  sid: string;
  funcId?: string;
  fixedFunc?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canEdit = useCanEditWhiteList();
  const add = useApiMutation('whiteList/addWhiteList', {
    invalidates: WHITE_LIST_READS,
    success: (data) => t('security-chain.white.added', { count: data.list.length }),
  });
  const submit = (v: WhiteListValues) => {
    const { start, end } = v;
    return add({
      sid,
      funcId: v.funcId,
      memberType: v.memberType,
      ...(v.memberType === 'user' ? { uidList: v.members } : { deviceIdList: v.members }),
      ...(start ? { startTime: start.startOf('day').valueOf() } : {}),
      ...(end ? { endTime: end.endOf('day').valueOf() } : {}),
      remark: (v.remark ?? '').trim(),
    });
  };
  return (
    <FormDialog<WhiteListValues>
      open
      title={t('security-chain.white.create')}
      testId="sc-wl-dialog"
      onClose={onClose}
      onSubmit={async (v) => (canEdit ? submit(v) : false)}
      initialValues={{ memberType: 'user', members: [], ...(funcId ? { funcId } : {}) }}
    >
      {(form) => (
        <>
          {!canEdit && <Alert type="info" showIcon message={t('security-chain.white.readOnly')} />}
          <Form.Item
            name="funcId"
            label={t('security-chain.white.func')}
            rules={[{ required: true, message: t('security-chain.pool.funcRequired') }]}
          >
            <PoolFuncSelect sid={sid} testId="sc-wl-func" disabled={fixedFunc} />
          </Form.Item>
          <Form.Item name="memberType" label={t('security-chain.white.memberType')} rules={[{ required: true }]}>
            <Radio.Group
              data-testid="sc-wl-type"
              optionType="button"
              onChange={() => form.setFieldValue('members', [])}
              options={MEMBER_TYPES.map((type) => ({
                value: type,
                label: <span data-testid={`sc-wl-type-${type}`}>{t(`security-chain.white.types.${type}`)}</span>,
              }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['memberType']}>
            {() => {
              const type = form.getFieldValue('memberType') as WhiteListMemberType;
              return (
                <Form.Item
                  name="members"
                  label={t(type === 'device' ? 'security-chain.white.devices' : 'security-chain.white.users')}
                  rules={[
                    {
                      type: 'array',
                      required: true,
                      min: 1,
                      max: WHITE_LIST_MEMBERS_PER_CALL,
                      message: t(
                        type === 'device'
                          ? 'security-chain.white.devicesRequired'
                          : 'security-chain.white.usersRequired',
                        { max: WHITE_LIST_MEMBERS_PER_CALL },
                      ),
                    },
                  ]}
                >
                  {type === 'device' ? (
                    <SecurityDevicePicker source="whiteList" max={WHITE_LIST_MEMBERS_PER_CALL} testId="sc-wl" />
                  ) : (
                    <UserPicker multiple testId="sc-wl-users" />
                  )}
                </Form.Item>
              );
            }}
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="start"
                label={t('security-chain.white.start')}
                extra={t('security-chain.white.windowHelp')}
              >
                <DatePicker data-testid="sc-wl-start" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="end"
                label={t('security-chain.white.end')}
                dependencies={['start']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_: unknown, end?: Dayjs | null) => {
                      const start = getFieldValue('start') as Dayjs | null | undefined;
                      if (start && end && end.endOf('day').valueOf() <= start.startOf('day').valueOf()) {
                        throw new Error(t('security-chain.white.endBeforeStart'));
                      }
                    },
                  }),
                ]}
              >
                <DatePicker data-testid="sc-wl-end" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="remark"
            label={t('security-chain.white.remark')}
            rules={[
              { max: WHITE_LIST_REMARK_MAX, message: t('security-chain.tooLong', { max: WHITE_LIST_REMARK_MAX }) },
            ]}
          >
            <Input data-testid="sc-wl-remark" maxLength={WHITE_LIST_REMARK_MAX} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** `/SecurityChain/AddWhiteListAuthDialog` (over the authorisations page): `?sid=` the space, `?funcId=` a function. */
export function AddWhiteListAuthDialog({ onClose }: { onClose: () => void }) {
  const { space } = useSecuritySpace();
  const { funcId } = useSearchOf(POOL_DIALOG_SEARCH);
  if (!space) return null;
  return <AddWhiteListDialog sid={space.sid} funcId={funcId} onClose={onClose} />;
}
