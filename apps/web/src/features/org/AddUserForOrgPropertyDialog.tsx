import { type OrgNode, orgEndpoints } from '@keel/contract/endpoints/org';
import { isEmail, isMobile, isStrongPassword } from '@keel/contract/validators';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourceDialog } from '../../shared/admin-kit/ResourceDialog';
import { useSearchOf } from '../../shared/api/search-of';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { OrgTreeSelect } from '../../shared/pickers/OrgTreeSelect';
import { ORG_MEMBER_LISTS } from './api';

interface Values {
  name: string;
  phoneNum: string;
  email?: string;
  password?: string;
  oid?: string;
}

/**
 * `/Account/AddUserForOrgPropertyDlg`: create an account for a phone that has none and place it on a node
 * (`o/registerOrgUser`, the unit preset to `oid`); without a password the user signs in with a code. In the back
 * office (`pno` given) for that property, without the `pno` header.
 */
export function AddUserForOrgPropertyDialog({
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
  return (
    <ResourceDialog<object, Values, 'o/registerOrgUser'>
      scope={pno === undefined ? 'property' : 'platform'}
      open={open}
      onClose={onClose}
      form={{
        save: 'o/registerOrgUser',
        schema: orgEndpoints['o/registerOrgUser'].input,
        testId: 'add-user-dialog',
        title: () => t('org.addUser.title'),
        intro: () => <Typography.Paragraph type="secondary">{t('org.addUser.help')}</Typography.Paragraph>,
        fields: () => [
          {
            name: 'name',
            label: t('org.member.name'),
            required: t('org.rules.nameRequired'),
            testId: 'add-user-name',
            autoFocus: true,
          },
          {
            name: 'phoneNum',
            label: t('org.member.phone'),
            required: t('org.rules.phoneRequired'),
            validate: (v) => isMobile(v) || t('org.rules.phone'),
            testId: 'add-user-phone',
            inputMode: 'tel',
            maxLength: 11,
          },
          {
            name: 'email',
            label: t('org.member.email'),
            validate: (v) => isEmail(v) || t('org.rules.email'),
            testId: 'add-user-email',
          },
          {
            name: 'password',
            label: t('org.addUser.password'),
            extra: t('org.addUser.passwordHelp'),
            type: 'password',
            validate: (v) => isStrongPassword(v) || t('org.rules.password'),
            testId: 'add-user-password',
            maxLength: 64,
          },
          {
            name: 'oid',
            label: t('org.member.org'),
            type: 'custom',
            control: <OrgTreeSelect testId="add-user-org" tree={tree} />,
          },
        ],
        initialValues: () => ({ oid }),
        input: async (values) => ({
          ...(pno === undefined ? {} : { pno }),
          name: values.name.trim(),
          phoneNum: values.phoneNum.trim(),
          email: values.email?.trim() || undefined,
          password: values.password ? await encryptPassword(values.password) : undefined,
          oid: values.oid,
        }),
        success: (_data, input) => t('org.addUser.created', { name: input.name }),
        invalidates: ORG_MEMBER_LISTS,
        tooLong: () => t('org.rules.nameLength'),
      }}
    />
  );
}

/** The dialog's route: the unit is the page's selected one (`?oid=`, carried to the dialog and back). */
export function AddUserForOrgPropertyRouteDialog({ onClose }: { onClose: () => void }) {
  const { oid } = useSearchOf(orgEndpoints['o/getOrgUserList'].input.pick({ oid: true }));
  return <AddUserForOrgPropertyDialog open onClose={onClose} oid={oid} />;
}
