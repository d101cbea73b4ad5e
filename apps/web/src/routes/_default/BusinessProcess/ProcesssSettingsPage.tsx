import { createFileRoute } from '@tanstack/react-router';
import { FlowSettingsPage } from '../../../features/workflow/pages/FlowSettingsPage';

export const Route = createFileRoute('/_default/BusinessProcess/ProcesssSettingsPage')({
  component: FlowSettingsPage,
});
