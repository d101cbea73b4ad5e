import { createFileRoute } from '@tanstack/react-router';
import { FuncListComponent } from '../../../features/security-chain/components/FuncListComponent';

export const Route = createFileRoute('/_default/SecurityChain/FuncListComponent')({ component: FuncListComponent });
