import { createFileRoute } from '@tanstack/react-router';
import { SignTypeComponent } from '../../../features/signing/pages/ModulePages';

export const Route = createFileRoute('/_default/SignMgtSystem/SignTypeComponent')({
  component: SignTypeComponent,
});
