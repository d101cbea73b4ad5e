import Card from 'antd/es/card';
import { useTranslation } from 'react-i18next';
import { CUSTOMER, type GroupKind, type Scope, TITLE, USER_SET } from '../api';
import { GroupComponent } from '../components/GroupComponent';

function GroupPage({ kind, scope = 'property' }: { kind: GroupKind; scope?: Scope }) {
  const { t } = useTranslation();
  const prefix = scope === 'platform' ? 'back-' : '';
  return (
    <Card title={t(`member-group.kinds.${kind.key}.page`)} data-testid={`${prefix}${kind.key}-page`}>
      <GroupComponent kind={kind} scope={scope} />
    </Card>
  );
}

/** `/Account/TitlePage`: the selected property's titles and their holders. */
export const TitlePage = () => <GroupPage kind={TITLE} />;
/** `/Account/UserSetPage`: the selected property's user sets and their members. */
export const UserSetPage = () => <GroupPage kind={USER_SET} />;
/** `/Account/CustomerPage`: the selected property's customers and their assigned users. */
export const CustomerPage = () => <GroupPage kind={CUSTOMER} />;
/** `/Account/BackTitlePage` (operators): every property's titles, with a property filter. */
export const BackTitlePage = () => <GroupPage kind={TITLE} scope="platform" />;
/** `/Account/BackUserSetPage` (operators): every property's user sets, with a property filter. */
export const BackUserSetPage = () => <GroupPage kind={USER_SET} scope="platform" />;
/** `/Account/TitlePageComponent`: the titles table alone. */
export const TitlePageComponent = () => <GroupComponent kind={TITLE} />;
/** `/Account/UserSetPageComponent`: the user-sets table alone. */
export const UserSetPageComponent = () => <GroupComponent kind={USER_SET} />;
