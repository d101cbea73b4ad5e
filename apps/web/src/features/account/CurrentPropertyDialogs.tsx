import { useSession } from '../../shared/session/session-store';
import { EditPropertyDialog } from './EditPropertyDialog';
import { PropertyAuthorizedDialog } from './PropertyAuthorizedDialog';

/** The edit dialog for the selected property (its dialog route); nothing without one. */
export function EditCurrentPropertyDialog({ onClose }: { onClose: () => void }) {
  const property = useSession((s) => s.selectedProperty);
  if (!property) return null;
  return <EditPropertyDialog open scope="property" property={property} onClose={onClose} />;
}

/** The businesses of the selected property (its dialog route); switches need `account.property.business`. */
export function CurrentPropertyAuthorizedDialog({ onClose }: { onClose: () => void }) {
  const pno = useSession((s) => s.selectedPropertyPno);
  const canSwitch = useSession((s) => s.menuIdList.includes('account.property.business'));
  if (!pno) return null;
  return <PropertyAuthorizedDialog open scope="property" pno={pno} readOnly={!canSwitch} onClose={onClose} />;
}
