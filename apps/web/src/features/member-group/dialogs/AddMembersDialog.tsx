import Form from 'antd/es/form';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import type { GroupKind, GroupRow, Scope } from '../api';
import { GroupSelect } from '../components/GroupSelect';

interface Values {
  id?: string;
  uids: string[];
}

/**
 * Add members of the property to a title, user set or customer (`t/addTitleUser`, `us/addUserSetUser`,
 * `cu/addCustomerUser`). Given a `group` it adds to that one; otherwise (the dialog route without an id) the
 * group is picked in the form, preset from `defaultId`.
 */
export function AddMembersDialog({
  kind,
  scope = 'property',
  open,
  group,
  defaultId,
  onClose,
}: {
  kind: GroupKind;
  scope?: Scope;
  open: boolean;
  group?: GroupRow;
  defaultId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const initialValues = useMemo(() => ({ id: group?.id ?? defaultId, uids: [] }), [group, defaultId]);
  const addMembers = useApiMutation(kind.paths.add, {
    scope,
    invalidates: [kind.memberPath, kind.listPath],
    success: (data) => {
      const added = data.added;
      return added === 0
        ? t('member-group.members.addedNone', { noun })
        : t('member-group.members.added', { count: added });
    },
  });
  const submit = async (values: Values) => {
    const id = group?.id ?? values.id;
    return id ? addMembers(kind.membersInput(id, values.uids) as never) : false;
  };
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={
        group
          ? t('member-group.members.addTitle', { name: group.name, noun })
          : t(`member-group.kinds.${kind.key}.assign`)
      }
      initialValues={initialValues}
      onSubmit={submit}
      testId="add-members-dialog"
    >
      {group ? (
        <Typography.Paragraph type="secondary">{t('member-group.members.addHelp', { noun })}</Typography.Paragraph>
      ) : (
        <Form.Item
          name="id"
          label={t(`member-group.kinds.${kind.key}.label`)}
          rules={[{ required: true, message: t('member-group.group.pickRequired', { noun }) }]}
        >
          <GroupSelect kind={kind} testId="add-members-group" />
        </Form.Item>
      )}
      <Form.Item
        name="uids"
        label={t('member-group.members.users')}
        rules={[{ required: true, type: 'array', min: 1, message: t('member-group.members.usersRequired') }]}
      >
        <UserPicker multiple pno={scope === 'platform' ? group?.pno : undefined} testId="add-members-picker" />
      </Form.Item>
    </FormDialog>
  );
}
