import { createFileRoute } from '@tanstack/react-router';
import { MsgCenterPage } from '../../../features/messages/MsgCenterPage';

export const Route = createFileRoute('/_default/msg/MsgCenter')({ component: MsgCenterPage });
