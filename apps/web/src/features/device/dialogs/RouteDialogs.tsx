import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { ResourceDialog } from '../../../shared/admin-kit/ResourceDialog';
import { useSession } from '../../../shared/session/session-store';
import { type CatalogueTab, useCatalogueForm } from '../catalogue';
import { CredentialDialog } from '../components/DeviceTable';
import { BatchBindDialog } from './BatchBindDialog';
import { DeviceFormDialog } from './DeviceFormDialog';

/** A new model, platform or type over its tab of the data-management page; closing returns to that tab. */
function NewCatalogueEntry({ tab }: { tab: CatalogueTab }) {
  const navigate = useNavigate();
  const close = useCallback(
    () => void navigate({ to: '/Tis/datamgr/DataMgrMainPage', search: { tab } as never }),
    [navigate, tab],
  );
  return <ResourceDialog form={useCatalogueForm(tab)} open onClose={close} />;
}

/** `/Tis/datamgr/DataMgrNewDeviceDialog`: a new device model over the data-management page. */
export const DataMgrNewDeviceDialog = () => <NewCatalogueEntry tab="models" />;

/** `/Tis/datamgr/DataMgrNewPlatDialog`: a new device platform over the data-management page. */
export const DataMgrNewPlatDialog = () => <NewCatalogueEntry tab="platforms" />;

/** `/Tis/datamgr/DataMgrNewDevTypeDialog`: a new device type over the data-management page. */
export const DataMgrNewDevTypeDialog = () => <NewCatalogueEntry tab="types" />;

/** `/Tis/Terminal/BackTerminalBatchBindDlg`: bind many devices to users, over the back-office terminal list. */
export function BackTerminalBatchBindDialog({ onClose }: { onClose: () => void }) {
  return <BatchBindDialog open scope="platform" onClose={onClose} />;
}

/**
 * Register a device in the selected property, then show its credential once; closing either ends (the firmware
 * update-terminals page's `/fota/NewFotaTerminalDialog`).
 */
export function RegisterDeviceDialog({ onClose }: { onClose: () => void }) {
  const pno = useSession((s) => s.selectedPropertyPno);
  const [issued, setIssued] = useState<{ deviceId: string; credential: string; pno?: string } | null>(null);
  // The form closes itself after registering: the credential shows then, so that close must not end the dialog.
  const done = useRef(false);
  return (
    <>
      <DeviceFormDialog
        open={issued === null}
        onClose={() => {
          if (!done.current) onClose();
        }}
        onRegistered={(deviceId, credential) => {
          done.current = true;
          setIssued({ deviceId, credential, pno: pno ?? undefined });
        }}
      />
      <CredentialDialog issued={issued} onClose={onClose} />
    </>
  );
}
