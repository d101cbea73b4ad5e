import { createFileRoute } from '@tanstack/react-router';
import { AppGroupMgrPage } from '../../../../features/app-group/pages/AppGroupMgrPage';

export const Route = createFileRoute('/_default/AppService/group/AppGroupMgrPage')({ component: AppGroupMgrPage });
