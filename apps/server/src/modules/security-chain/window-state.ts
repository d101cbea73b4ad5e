import type { PrivilegedState } from '@keel/contract/endpoints/security-privileged';

/**
 * Where a grant with a validity window stands at `now` (privileged users, device authorisations): `disabled`, else
 * `pending` before the start, `expired` from the end on, else `active` — the rule the decision applies.
 */
export function stateOf(
  row: { disabled: number; start_time: number | null; end_time: number | null },
  now: number,
): PrivilegedState {
  if (Number(row.disabled) === 1) return 'disabled';
  if (row.start_time !== null && Number(row.start_time) > now) return 'pending';
  if (row.end_time !== null && Number(row.end_time) <= now) return 'expired';
  return 'active';
}
