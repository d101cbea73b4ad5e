import { createFileRoute } from '@tanstack/react-router';
import { DeviceDetailComponent } from '../../../../features/device/pages/TerminalPages';

export const Route = createFileRoute('/_default/Tis/Terminal/DeviceDetailComponent')({
  component: DeviceDetailComponent,
});
