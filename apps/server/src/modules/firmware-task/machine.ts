import {
  TASK_ACTION_NAMES,
  TASK_FINAL_STATES,
  TASK_STATE_NAMES,
  type TaskState,
  type taskActions,
} from '@keel/contract/endpoints/firmware-task';
import type { Locale } from '@keel/contract/status';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors';

/**
 * The task state machine (README "States"): which console action each state allows. Pure: the service checks
 * here before it writes, `task/getTaskInfo` answers `can` from it, and the property test drives it.
 */

export type TaskAction = keyof z.output<typeof taskActions>;

const NOT_FINAL: readonly TaskState[] = ['draft', 'pendingApproval', 'scheduled', 'running', 'paused', 'disabled'];

/** The states each action is allowed from. */
export const ALLOWED: Record<TaskAction, readonly TaskState[]> = {
  edit: ['draft'],
  delete: ['draft'],
  // Devices and rules change while the task is not final, except while its release waits for approval (the
  // auditors approve what they saw).
  assign: ['draft', 'scheduled', 'running', 'paused', 'disabled'],
  release: ['draft'],
  pause: ['scheduled', 'running'],
  continue: ['paused'],
  stop: ['scheduled', 'running', 'paused'],
  invalidate: NOT_FINAL,
  disable: ['scheduled', 'running', 'paused'],
  enable: ['disabled'],
};

export const isFinal = (state: TaskState) => TASK_FINAL_STATES.includes(state);

export function allows(state: TaskState, action: TaskAction): boolean {
  return ALLOWED[action].includes(state);
}

/** Every action as 0/1 for a state (`can` of task/getTaskInfo). */
export function actionsOf(state: TaskState): Record<TaskAction, 0 | 1> {
  return Object.fromEntries((Object.keys(ALLOWED) as TaskAction[]).map((a) => [a, allows(state, a) ? 1 : 0])) as Record<
    TaskAction,
    0 | 1
  >;
}

/** Refuses an action from a state where it makes no sense, naming both in the caller's language. */
export function assertAllows(state: TaskState, action: TaskAction, locale: Locale): void {
  if (allows(state, action)) return;
  throw new AppError('taskTransitionRefused', {
    state: TASK_STATE_NAMES[state][locale],
    action: TASK_ACTION_NAMES[action][locale],
  });
}
