import type { EndpointPath } from '@keel/contract/endpoints/index';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidatePaths } from '../../../shared/api/query-key';
import { usePropertyWatch } from '../../../shared/realtime/property-watch';
import { usePushEvent } from '../../../shared/realtime/push-events';

/** Pushes of one engine pass (one per task that moved) come together: the lists are read once for them. */
const GATHER_MS = 300;

/**
 * Keeps a task list current while mounted: watches the property's task events (shared/realtime/property-watch.ts) and
 * reads `paths` again after each burst of them. Answers whether the pushes are coming (else the caller reads on a
 * timer).
 */
export function useTaskListPushes(paths: readonly EndpointPath[]): boolean {
  const watched = usePropertyWatch('fwTask');
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(paths);
  latest.current = paths;
  usePushEvent('fwTask', () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void invalidatePaths(queryClient, latest.current);
    }, GATHER_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return watched;
}
