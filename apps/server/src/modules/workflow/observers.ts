import type { ApplyTypeId } from '@keel/contract/endpoints/workflow';
import type { Db } from '../../platform/db/connect';
import { extensionPoint } from '../../platform/extension-points';
import type { Services } from '../../platform/services';
import type { FlowApplication, HookContext } from './apply-types';

/**
 * Modules that follow applications of some types without owning them (the app review tasks follow the app store's
 * reviews), contributed in their module definition (`contributes: [contribution(applicationObservers, { … })]`).
 * Unlike an area's hooks, a type may have any number of observers. Both calls run inside the engine's transaction:
 * what an observer writes commits or rolls back with the application.
 */
export interface ApplicationObserver {
  /** The apply types it follows. */
  types: readonly ApplyTypeId[];
  /** An application was filed (after the area's own write, before its first step is reached). */
  onSubmitted?(app: FlowApplication, h: { s: Services; trx: Db; now: number }): Promise<void>;
  /** It passed, was rejected or withdrawn (after the area's hook ran). */
  onEnded?(app: FlowApplication, h: HookContext): Promise<void>;
}

export const applicationObservers = extensionPoint<ApplicationObserver>('workflow.applicationObservers');

/** The observers of a type, in the order the modules are listed. */
export const observersOf = (s: Services, applyType: string): readonly ApplicationObserver[] =>
  s.extensions.all(applicationObservers).filter((o) => o.types.includes(applyType as ApplyTypeId));
