import type { PropertySummary } from '@keel/contract/endpoints/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from './session-store';

/** Selects a property (SPEC §4) and drops cached data of the previous one. */
export function useSelectProperty(): (property: PropertySummary) => Promise<void> {
  const queryClient = useQueryClient();
  const select = useSession((s) => s.selectProperty);
  return useCallback(
    async (property) => {
      await select(property);
      await queryClient.invalidateQueries();
    },
    [select, queryClient],
  );
}
