import { createFileRoute } from '@tanstack/react-router';
import { UkeyManagePage } from '../../../features/signing/pages/UkeyPages';

export const Route = createFileRoute('/_default/ukey/UkeyManagePage')({
  component: UkeyManagePage,
});
