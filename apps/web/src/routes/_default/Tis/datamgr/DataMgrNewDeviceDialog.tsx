import { createFileRoute } from '@tanstack/react-router';
import { DataMgrNewDeviceDialog } from '../../../../features/device/dialogs/RouteDialogs';
import { DataMgrMainPage } from '../../../../features/device/pages/DataMgrMainPage';

export const Route = createFileRoute('/_default/Tis/datamgr/DataMgrNewDeviceDialog')({
  component: () => (
    <>
      <DataMgrMainPage tab="models" />
      <DataMgrNewDeviceDialog />
    </>
  ),
});
