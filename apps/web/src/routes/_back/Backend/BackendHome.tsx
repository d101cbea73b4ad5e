import { createFileRoute } from '@tanstack/react-router';
import { BackendHomePage } from '../../../features/back/BackendHomePage';

export const Route = createFileRoute('/_back/Backend/BackendHome')({ component: BackendHomePage });
