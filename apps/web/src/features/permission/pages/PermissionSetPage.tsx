import { PerSetPageComponent } from '../components/PerSetPageComponent';

/** `/Account/PermissionSetPage`: the selected property's permission sets. */
export function PermissionSetPage() {
  return <PerSetPageComponent />;
}
