import type { DeviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { cancelFlags, openFlags } from '../device-action/service';
import { firmwareActions } from './actions';

/**
 * Which devices have an open task action, and a cancel to be told about (DDI `cancelAction`, only the DDI poll
 * asks): the device-action model's flags of kind `firmware`, so that `hasAction` answers a device with none from
 * memory. Offers, outcomes and cancellations go through events.ts `actionsChanged` / `cancelsChanged`, which also
 * drop what the device-action delivery remembers of the devices' offers.
 */
export const taskFlags = (s: Services): DeviceFlags => openFlags(s, firmwareActions.kind);
export const taskCancelFlags = (s: Services): DeviceFlags => cancelFlags(s, firmwareActions.kind);
