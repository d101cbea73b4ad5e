import { AddAdminForPerSetComponent } from '../components/AddAdminForPerSetComponent';

/** `/Account/AddAdminForPerSetPage`: the selected property's administrators, their sets and scopes. */
export function AddAdminForPerSetPage() {
  return <AddAdminForPerSetComponent />;
}
