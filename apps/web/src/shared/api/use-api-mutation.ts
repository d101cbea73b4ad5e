import type { InputOf, OutputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast/toast-store';
import { ApiError } from './api-error';
import { scopedCall } from './query';
import { invalidatePaths, type Scope } from './query-key';

/** The calls whose queries show what a change changes; `all` refetches every query (a name shown everywhere). */
export type Invalidates = readonly EndpointPath[] | 'all';

export interface ApiMutationOptions<P extends EndpointPath> {
  scope?: Scope;
  /** Refetched after a success. */
  invalidates: Invalidates;
  /** The success toast (none when it returns nothing). */
  success?: (data: OutputOf<Endpoints[P]>, input: InputOf<Endpoints[P]>) => string | undefined;
  /** Runs after a success, once the queries are refreshed. */
  onSuccess?: (data: OutputOf<Endpoints[P]>, input: InputOf<Endpoints[P]>) => void | Promise<void>;
}

/**
 * The one submit of every dialog: calls `path` through the typed client, toasts the success (the client has
 * reported a refusal; a failure it did not report is toasted here), refetches the `invalidates` calls and resolves
 * `true`, so a FormDialog closes; a failure resolves `false` and leaves it open.
 */
export function useApiMutation<P extends EndpointPath>(
  path: P,
  options: ApiMutationOptions<P>,
): (input: InputOf<Endpoints[P]>) => Promise<boolean> {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const latest = useRef(options);
  latest.current = options;
  return useCallback(
    async (input) => {
      const { scope = 'property', invalidates, success, onSuccess } = latest.current;
      let data: OutputOf<Endpoints[P]>;
      try {
        data = await scopedCall(path, input, scope);
      } catch (error) {
        const reported = error instanceof ApiError && (error.kind === 'status' || error.kind === 'http');
        if (!reported) toast.error(t('kit.requestFailed'));
        return false;
      }
      const text = success?.(data, input);
      if (text) toast.success(text);
      if (invalidates === 'all') await queryClient.invalidateQueries();
      else await invalidatePaths(queryClient, invalidates);
      await onSuccess?.(data, input);
      return true;
    },
    [path, queryClient, t],
  );
}
