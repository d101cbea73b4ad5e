import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../toast/toast-store';

/**
 * The object a dialog route names (`?id=`, `?sid=`, …), fetched before its dialog opens: undefined while it loads
 * or when none is named. One that is gone (an empty answer: deleted, or another property's) closes the dialog with
 * `gone` as a warning; a failed fetch closes it too (the API client has said why).
 */
export function useRouteObject<T>(
  query: Pick<UseQueryResult<T | undefined>, 'data' | 'isError' | 'isSuccess'>,
  named: boolean,
  gone: string,
  onClose: () => void,
): T | undefined {
  const missing = named && query.isSuccess && query.data === undefined;
  const failed = named && query.isError;
  useEffect(() => {
    if (missing) toast.warning(gone);
    if (missing || failed) onClose();
  }, [missing, failed, gone, onClose]);
  return named ? (query.data ?? undefined) : undefined;
}
