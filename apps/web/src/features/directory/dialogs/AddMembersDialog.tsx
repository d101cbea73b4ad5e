import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { toast } from '../../../shared/toast/toast-store';
import { type GroupKind, type GroupRow, invalidate, type Scope } from '../api';
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
  const queryClient = useQueryClient();
  const noun = t(`directory.kinds.${kind.key}.noun`);
  const initialValues = useMemo(() => ({ id: group?.id ?? defaultId, uids: [] }), [group, defaultId]);
  const submit = async (values: Values) => {
    const id = group?.id ?? values.id;
    if (!id) return false;
    try {
      const added = await kind.addMembers(id, values.uids, scope);
      toast.success(
        added === 0 ? t('directory.members.addedNone', { noun }) : t('directory.members.added', { count: added }),
      );
      await invalidate(queryClient, kind.memberPath, kind.listPath);
      return true;
    } catch {
      return false;
    }
  };
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={
        group ? t('directory.members.addTitle', { name: group.name, noun }) : t(`directory.kinds.${kind.key}.assign`)
      }
      initialValues={initialValues}
      onSubmit={submit}
      testId="add-members-dialog"
    >
      {group ? (
        <Typography.Paragraph type="secondary">{t('directory.members.addHelp', { noun })}</Typography.Paragraph>
      ) : (
        <Form.Item
          name="id"
          label={t(`directory.kinds.${kind.key}.label`)}
          rules={[{ required: true, message: t('directory.group.pickRequired', { noun }) }]}
        >
          <GroupSelect kind={kind} testId="add-members-group" />
        </Form.Item>
      )}
      <Form.Item
        name="uids"
        label={t('directory.members.users')}
        rules={[{ required: true, type: 'array', min: 1, message: t('directory.members.usersRequired') }]}
      >
        <UserPicker multiple pno={scope === 'platform' ? group?.pno : undefined} testId="add-members-picker" />
      </Form.Item>
    </FormDialog>
  );
}
