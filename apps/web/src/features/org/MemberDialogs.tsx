import { type OrgNode, REMARK_MAX } from '@keel/contract/endpoints/org';
import { isMobile } from '@keel/contract/validators';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../shared/api/use-api-mutation';
import { OrgTreeSelect } from '../../shared/pickers/OrgTreeSelect';
import { toast } from '../../shared/toast/toast-store';
import { ORG_MEMBER_LISTS, orgApi } from './api';

const phoneRules = (t: (k: string) => string) => [
  { required: true, whitespace: true, message: t('org.rules.phoneRequired') },
  {
    validator: async (_: unknown, value?: string) => {
      if (value?.trim() && !isMobile(value.trim())) throw new Error(t('org.rules.phone'));
    },
  },
];

type PhoneState =
  | { kind: 'member'; uid: string; orgName: string | null }
  | { kind: 'account' }
  | { kind: 'new' }
  | null;

/**
 * Invite a phone to the property, placed on a node once accepted (`o/inviteOrgUser`). A phone that already is a
 * member is not invited: the dialog offers to move them to the chosen unit instead (`o/moveOrgUser`).
 */
export function InviteDialog({
  open,
  onClose,
  oid,
  pno,
  tree,
}: {
  open: boolean;
  onClose: () => void;
  oid?: string;
  /** Back office: the property (called without the `pno` header) and its tree. */
  pno?: string;
  tree?: readonly OrgNode[];
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<PhoneState>(null);
  const initialValues = useMemo(() => ({ oid }), [oid]);
  const scope = pno === undefined ? 'property' : 'platform';
  const at = pno === undefined ? {} : { pno };
  const move = useApiMutation('o/moveOrgUser', {
    scope,
    invalidates: ORG_MEMBER_LISTS,
    success: () => t('org.invite.moved'),
  });
  const invite = useApiMutation('o/inviteOrgUser', {
    scope,
    invalidates: [...ORG_MEMBER_LISTS, 'o/getAuditUserList'],
    success: (result) => (result.hasAccount ? t('org.invite.sentMessage') : t('org.invite.sentSms')),
  });
  const check = async (value: string) => {
    setPhone(null);
    if (!isMobile(value.trim())) return;
    try {
      const info = await orgApi(pno, 'o/ifOrgUser', { phoneNum: value.trim() }, { notify: false });
      setPhone(
        info.ifOrgUser === 1 && info.uid
          ? { kind: 'member', uid: info.uid, orgName: info.orgName }
          : info.hasAccount
            ? { kind: 'account' }
            : { kind: 'new' },
      );
    } catch {
      setPhone(null);
    }
  };
  const submit = async (values: { phoneNum: string; oid?: string; remark?: string }) => {
    if (phone?.kind !== 'member')
      return invite({ ...at, phoneNum: values.phoneNum.trim(), oid: values.oid, remark: values.remark?.trim() ?? '' });
    if (!values.oid) {
      toast.warning(t('org.invite.pickUnit'));
      return false;
    }
    const moved = await move({ ...at, uidList: [phone.uid], oid: values.oid });
    if (moved) setPhone(null);
    return moved;
  };
  return (
    <FormDialog
      open={open}
      onClose={() => {
        setPhone(null);
        onClose();
      }}
      title={t('org.invite.title')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="invite-dialog"
    >
      <Form.Item name="phoneNum" label={t('org.member.phone')} rules={phoneRules(t)}>
        <Input
          data-testid="invite-phone"
          inputMode="tel"
          maxLength={11}
          autoFocus
          onBlur={(e) => void check(e.target.value)}
        />
      </Form.Item>
      {phone && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          data-testid="invite-phone-state"
          type={phone.kind === 'member' ? 'warning' : 'info'}
          title={
            phone.kind === 'member'
              ? t('org.invite.moveHere', { org: phone.orgName ?? '' })
              : phone.kind === 'account'
                ? t('org.invite.hasAccount')
                : t('org.invite.noAccount')
          }
        />
      )}
      <Form.Item name="oid" label={t('org.member.org')} extra={t('org.invite.orgHelp')}>
        <OrgTreeSelect testId="invite-org" tree={tree} />
      </Form.Item>
      <Form.Item name="remark" label={t('org.invite.remark')} rules={[{ max: REMARK_MAX }]}>
        <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount data-testid="invite-remark" />
      </Form.Item>
    </FormDialog>
  );
}

/** Place members on another node (`o/moveOrgUser`). */
export function MoveMemberDialog({
  open,
  onClose,
  member,
  pno,
  tree,
}: {
  open: boolean;
  onClose: () => void;
  member?: { uid: string; name: string; oid: string };
  pno?: string;
  tree?: readonly OrgNode[];
}) {
  const { t } = useTranslation();
  const initialValues = useMemo(() => ({ oid: member?.oid }), [member]);
  const move = useApiMutation('o/moveOrgUser', {
    scope: pno === undefined ? 'property' : 'platform',
    invalidates: ORG_MEMBER_LISTS,
    success: () => t('org.member.moved'),
  });
  const submit = async (values: { oid: string }) =>
    member ? move({ ...(pno === undefined ? {} : { pno }), uidList: [member.uid], oid: values.oid }) : false;
  return (
    <FormDialog<{ oid: string }>
      open={open}
      onClose={onClose}
      title={t('org.member.moveTitle', { name: member?.name ?? '' })}
      initialValues={initialValues}
      onSubmit={submit}
      testId="move-member-dialog"
    >
      <Form.Item
        name="oid"
        label={t('org.member.org')}
        rules={[{ required: true, message: t('org.rules.orgRequired') }]}
      >
        <OrgTreeSelect allowClear={false} testId="move-member-target" tree={tree} />
      </Form.Item>
    </FormDialog>
  );
}
