import { createFileRoute } from '@tanstack/react-router';
import { FotaDeviceListRemoteComponent } from '../../../features/firmware/tasks/SmallDialogs';

export const Route = createFileRoute('/_default/fota/FotaDeviceListRemoteComponent')({
  component: FotaDeviceListRemoteComponent,
});
