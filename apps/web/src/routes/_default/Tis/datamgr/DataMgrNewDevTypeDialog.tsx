import { createFileRoute } from '@tanstack/react-router';
import { DataMgrNewDevTypeDialog } from '../../../../features/device/dialogs/RouteDialogs';
import { DataMgrMainPage } from '../../../../features/device/pages/DataMgrMainPage';

export const Route = createFileRoute('/_default/Tis/datamgr/DataMgrNewDevTypeDialog')({
  component: () => (
    <>
      <DataMgrMainPage tab="types" />
      <DataMgrNewDevTypeDialog />
    </>
  ),
});
