/**
 * The state machine every device action follows, whatever its kind (README.md "States"), pure:
 *
 *   pending ──fetch──▶ delivered ──progress──▶ running ──┬─▶ succeeded
 *      │                   │                      │      └─▶ failed
 *      └──────────── cancel / expire (any open state) ───────▶ cancelled | expired
 *
 * A device reports on what it was given: `progress` (a step and a share done), then `success` or `failure`. An
 * open action may be cancelled by its producer or expire; a final one never changes again, and a device's late
 * report on it is `stale`.
 */

export const ACTION_STATES = [
  'pending',
  'delivered',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
] as const;
export type ActionState = (typeof ACTION_STATES)[number];

export const OPEN_STATES: readonly ActionState[] = ['pending', 'delivered', 'running'];
export const FINAL_STATES: readonly ActionState[] = ['succeeded', 'failed', 'cancelled', 'expired'];

export const isOpen = (state: string): boolean => (OPEN_STATES as readonly string[]).includes(state);

/** What happens to an action. */
export type ActionEvent =
  | { kind: 'fetch' }
  | { kind: 'progress' }
  | { kind: 'success' }
  | { kind: 'failure' }
  | { kind: 'cancel' }
  | { kind: 'expire' };

/** The state after an event, or null when the event does not apply (a final action, a fetch of a running one). */
export function nextState(state: string, event: ActionEvent): ActionState | null {
  if (!isOpen(state)) return null;
  switch (event.kind) {
    case 'fetch':
      return state === 'pending' ? 'delivered' : null;
    case 'progress':
      return 'running';
    case 'success':
      return 'succeeded';
    case 'failure':
      return 'failed';
    case 'cancel':
      return 'cancelled';
    case 'expire':
      return 'expired';
  }
}
