import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ResourceDialog } from '../../../shared/admin-kit/ResourceDialog';
import { type CatalogueTab, useCatalogueForm } from '../catalogue';
import { BatchBindDialog } from './BatchBindDialog';

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
export function BackTerminalBatchBindDlg({ onClose }: { onClose: () => void }) {
  return <BatchBindDialog open scope="platform" onClose={onClose} />;
}
