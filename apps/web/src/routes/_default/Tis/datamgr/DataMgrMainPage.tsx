import { createFileRoute } from '@tanstack/react-router';
import { DataMgrMainPage } from '../../../../features/device/pages/DataMgrMainPage';

export const Route = createFileRoute('/_default/Tis/datamgr/DataMgrMainPage')({ component: () => <DataMgrMainPage /> });
