import { describe, expect, it } from 'vitest';
import { ACTION_STATES, FINAL_STATES, nextState, OPEN_STATES } from './machine';

describe('the device-action state machine', () => {
  it('fetches a pending action only, and moves any open one on', () => {
    expect(nextState('pending', { kind: 'fetch' })).toBe('delivered');
    expect(nextState('delivered', { kind: 'fetch' })).toBeNull();
    expect(nextState('running', { kind: 'fetch' })).toBeNull();
    for (const state of OPEN_STATES) {
      expect(nextState(state, { kind: 'progress' })).toBe('running');
      expect(nextState(state, { kind: 'success' })).toBe('succeeded');
      expect(nextState(state, { kind: 'failure' })).toBe('failed');
      expect(nextState(state, { kind: 'cancel' })).toBe('cancelled');
      expect(nextState(state, { kind: 'expire' })).toBe('expired');
    }
  });

  it('never moves a final action', () => {
    for (const state of FINAL_STATES)
      for (const kind of ['fetch', 'progress', 'success', 'failure', 'cancel', 'expire'] as const)
        expect(nextState(state, { kind })).toBeNull();
    expect([...OPEN_STATES, ...FINAL_STATES].sort()).toEqual([...ACTION_STATES].sort());
  });
});
