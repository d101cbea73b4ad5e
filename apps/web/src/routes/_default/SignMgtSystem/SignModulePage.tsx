import { createFileRoute } from '@tanstack/react-router';
import { SignModulePage } from '../../../features/signing/pages/ModulePages';

export const Route = createFileRoute('/_default/SignMgtSystem/SignModulePage')({
  component: SignModulePage,
});
