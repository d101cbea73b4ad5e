import type { ReactNode } from 'react';
import { useSession } from '../../shared/session/session-store';
import { PropertyForePageComponent } from './PropertyForePageComponent';
import { PropertyPageComponent } from './PropertyPageComponent';

/**
 * `/Account/PropertyPage`: the user's properties and, for the selected one where the user administers it, its
 * summary and organisation (`orgManage`, given by the route: features do not import each other).
 */
export function PropertyPage({ orgManage }: { orgManage?: ReactNode }) {
  const role = useSession((s) => s.selectedProperty?.role);
  const pno = useSession((s) => s.selectedPropertyPno);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <PropertyPageComponent />
      {pno && role && role !== 'member' && <PropertyForePageComponent key={pno}>{orgManage}</PropertyForePageComponent>}
    </div>
  );
}
