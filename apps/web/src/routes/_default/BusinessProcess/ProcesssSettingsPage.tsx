import { createFileRoute } from '@tanstack/react-router';
import { ProcesssSettingsPage } from '../../../features/workflow/pages/ProcesssSettingsPage';

export const Route = createFileRoute('/_default/BusinessProcess/ProcesssSettingsPage')({
  component: ProcesssSettingsPage,
});
