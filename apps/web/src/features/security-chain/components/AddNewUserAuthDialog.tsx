import { AUTH_TYPES } from '@keel/contract/constants';
import {
  USER_AUTH_REMARK_MAX,
  USER_AUTH_SUBJECTS_PER_CALL,
  type UserAuthSubjectType,
} from '@keel/contract/endpoints/security-user-auth';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { GroupMultiSelect } from '../../../shared/pickers/GroupMultiSelect';
import { OrgTreeSelect } from '../../../shared/pickers/OrgTreeSelect';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { FUNC_CHOICES } from '../api';
import { SUBJECT_TYPES, USER_AUTH_READS, useCanEditUserAuths } from '../user-auth-api';
import { RiskTag } from './RiskTag';
import { useSecuritySpace } from './SecuritySpaceGate';

interface UserAuthValues {
  funcId: string;
  subjectType: UserAuthSubjectType;
  subjectIdList: string[];
  start?: Dayjs | null;
  end?: Dayjs | null;
  remark?: string;
}

/** A choice among the space's functions, searched by code and name, each with its risk. */
function SpaceFuncSelect({
  sid,
  id,
  value,
  onChange,
}: {
  sid: string;
  id?: string;
  value?: string;
  onChange?: (funcId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const funcs = useQuery(apiQuery('func/getFuncList', { sid, filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }));
  const en = i18n.language === 'en';
  return (
    <Select
      id={id}
      data-testid="sc-ua-func"
      showSearch
      optionFilterProp="search"
      loading={funcs.isLoading}
      status={funcs.isError ? 'error' : undefined}
      placeholder={t('security-chain.userAuth.funcPlaceholder')}
      notFoundContent={funcs.isError ? t('kit.loadFailed') : t('security-chain.picker.none')}
      value={value}
      onChange={onChange}
      options={(funcs.data?.list ?? []).map((f) => ({
        value: f.funcId,
        search: `${f.code} ${f.nameZh} ${f.nameEn}`.toLowerCase(),
        label: (
          <span data-testid={`sc-ua-func-${f.code}`}>
            <span translate="no">{f.code}</span> · {en ? f.nameEn : f.nameZh} <RiskTag risk={f.risk} />
          </span>
        ),
      }))}
    />
  );
}

/** The subjects of the type chosen: members, titles, user sets or organisation units. */
function SubjectPicker({
  type,
  id,
  value,
  onChange,
}: {
  type: UserAuthSubjectType;
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  if (type === AUTH_TYPES.titles || type === AUTH_TYPES.userSets)
    return (
      <GroupMultiSelect
        kind={type === AUTH_TYPES.titles ? 'title' : 'userSet'}
        id={id}
        value={value}
        onChange={onChange}
        placeholder={t(`security-chain.userAuth.pick.${type === AUTH_TYPES.titles ? 'title' : 'userSet'}`)}
        testId="sc-ua-subjects"
      />
    );
  if (type === AUTH_TYPES.orgs)
    return (
      <OrgTreeSelect
        multiple
        id={id}
        value={value}
        onChange={(ids) => onChange?.(ids)}
        placeholder={t('security-chain.userAuth.pick.org')}
        testId="sc-ua-subjects"
      />
    );
  return <UserPicker multiple id={id} value={value} onChange={(ids) => onChange?.(ids)} testId="sc-ua-subjects" />;
}

/**
 * Adds user authorisations to a security space: a function, a subject type (users, titles, user sets, organisation
 * units — a unit covers its sub-units), the subjects, an optional window and a remark.
 */
export function AddNewUserAuthDialog({ sid, onClose }: { sid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useApiMutation('ua/addUserAuth', {
    invalidates: USER_AUTH_READS,
    success: (data) => t('security-chain.userAuth.added', { count: data.list.length }),
  });
  const submit = (v: UserAuthValues) =>
    add({
      sid,
      funcId: v.funcId,
      subjectType: v.subjectType,
      subjectIdList: v.subjectIdList,
      ...(v.start ? { startTime: v.start.startOf('day').valueOf() } : {}),
      ...(v.end ? { endTime: v.end.endOf('day').valueOf() } : {}),
      remark: (v.remark ?? '').trim(),
    });
  return (
    <FormDialog<UserAuthValues>
      open
      title={t('security-chain.userAuth.create')}
      testId="sc-ua-dialog"
      initialValues={{ subjectType: AUTH_TYPES.titles, subjectIdList: [] }}
      onSubmit={submit}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Form.Item
            name="funcId"
            label={t('security-chain.userAuth.func')}
            rules={[{ required: true, message: t('security-chain.userAuth.funcRequired') }]}
          >
            <SpaceFuncSelect sid={sid} />
          </Form.Item>
          <Form.Item name="subjectType" label={t('security-chain.userAuth.subjectType')}>
            <Radio.Group
              data-testid="sc-ua-type"
              optionType="button"
              onChange={() => form.setFieldValue('subjectIdList', [])}
              options={SUBJECT_TYPES.map((s) => ({
                value: s.type,
                label: <span data-testid={`sc-ua-type-${s.key}`}>{t(`security-chain.userAuth.types.${s.key}`)}</span>,
              }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['subjectType']}>
            {() => {
              const type = form.getFieldValue('subjectType') as UserAuthSubjectType;
              return (
                <Form.Item
                  name="subjectIdList"
                  label={t('security-chain.userAuth.subjects')}
                  extra={type === AUTH_TYPES.orgs ? t('security-chain.userAuth.orgHint') : undefined}
                  rules={[
                    { type: 'array', required: true, min: 1, message: t('security-chain.userAuth.subjectsRequired') },
                    {
                      type: 'array',
                      max: USER_AUTH_SUBJECTS_PER_CALL,
                      message: t('security-chain.userAuth.tooMany', { max: USER_AUTH_SUBJECTS_PER_CALL }),
                    },
                  ]}
                >
                  <SubjectPicker type={type} />
                </Form.Item>
              );
            }}
          </Form.Item>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item
              name="start"
              label={t('security-chain.privileged.start')}
              extra={t('security-chain.privileged.windowHelp')}
              style={{ flex: '1 1 160px' }}
            >
              <DatePicker data-testid="sc-ua-start" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="end"
              label={t('security-chain.privileged.end')}
              dependencies={['start']}
              style={{ flex: '1 1 160px' }}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, end?: Dayjs | null) => {
                    const start = getFieldValue('start') as Dayjs | null | undefined;
                    if (start && end && end.endOf('day').valueOf() <= start.startOf('day').valueOf()) {
                      throw new Error(t('security-chain.privileged.endBeforeStart'));
                    }
                  },
                }),
              ]}
            >
              <DatePicker data-testid="sc-ua-end" style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Form.Item
            name="remark"
            label={t('security-chain.privileged.remark')}
            rules={[{ max: USER_AUTH_REMARK_MAX, message: t('security-chain.tooLong', { max: USER_AUTH_REMARK_MAX }) }]}
          >
            <Input data-testid="sc-ua-remark" maxLength={USER_AUTH_REMARK_MAX} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/**
 * `/SecurityChain/AddNewUserAuthDialog?sid=`: the dialog over the authorisations page, in the space the URL chooses
 * (the first by default); without the right to add, it says so.
 */
export function AddNewUserAuthRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const canEdit = useCanEditUserAuths();
  const { space, spaces } = useSecuritySpace();
  if (spaces.isLoading) return null;
  if (!canEdit || !space)
    return (
      <Modal
        open
        title={t('security-chain.userAuth.create')}
        onCancel={onClose}
        data-testid="sc-ua-dialog"
        footer={<Button onClick={onClose}>{t('kit.cancel')}</Button>}
      >
        <Alert
          type="info"
          showIcon
          title={t(canEdit ? 'security-chain.space.choose' : 'security-chain.userAuth.noRight')}
        />
      </Modal>
    );
  return <AddNewUserAuthDialog sid={space.sid} onClose={onClose} />;
}
