import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { BatchBindDialog } from './BatchBindDialog';
import { DeviceModelDialog, DevicePlatformDialog, DeviceTypeDialog } from './CatalogueDialogs';

const PAGE = '/Tis/datamgr/DataMgrMainPage';

/** Closing a catalogue dialog route returns to its tab of the data-management page. */
function useBackTo(tab: string) {
  const navigate = useNavigate();
  return useCallback(() => void navigate({ to: PAGE, search: { tab } as never }), [navigate, tab]);
}

/** `/Tis/datamgr/DataMgrNewDeviceDialog`: a new device model over the data-management page. */
export function DataMgrNewDeviceDialog() {
  return <DeviceModelDialog open onClose={useBackTo('models')} />;
}

/** `/Tis/datamgr/DataMgrNewPlatDialog`: a new device platform over the data-management page. */
export function DataMgrNewPlatDialog() {
  return <DevicePlatformDialog open onClose={useBackTo('platforms')} />;
}

/** `/Tis/datamgr/DataMgrNewDevTypeDialog`: a new device type over the data-management page. */
export function DataMgrNewDevTypeDialog() {
  return <DeviceTypeDialog open onClose={useBackTo('types')} />;
}

/** `/Tis/Terminal/BackTerminalBatchBindDlg`: bind many devices to users, over the back-office terminal list. */
export function BackTerminalBatchBindDlg({ onClose }: { onClose: () => void }) {
  return <BatchBindDialog open scope="platform" onClose={onClose} />;
}
