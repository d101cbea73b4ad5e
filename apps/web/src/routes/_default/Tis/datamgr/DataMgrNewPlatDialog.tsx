import { createFileRoute } from '@tanstack/react-router';
import { DataMgrNewPlatDialog } from '../../../../features/device/dialogs/RouteDialogs';
import { DataMgrMainPage } from '../../../../features/device/pages/DataMgrMainPage';

export const Route = createFileRoute('/_default/Tis/datamgr/DataMgrNewPlatDialog')({
  component: () => (
    <>
      <DataMgrMainPage tab="platforms" />
      <DataMgrNewPlatDialog />
    </>
  ),
});
