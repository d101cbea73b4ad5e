import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import type { PollLinkCall, PollLinks } from '../device/extensions';
import { commandLinks } from './commands';
import { cancelToTell, lastInstalled, offerOf } from './offers';

/**
 * The poll's links, as hawkBit's: `cancelAction` while a cancelled action waits for the device's answer (instead of
 * the next deployment, which follows once it has answered), else `deploymentBase` while the device is offered an
 * action; `installedBase` when it has installed one; and `keelCommands` while commands wait. From memory for a
 * device with nothing to do.
 */
export async function pollLinks(s: Services, call: PollLinkCall): Promise<PollLinks | null> {
  const tenant = propertyTenant(call.pno);
  const links: PollLinks = {};
  const cancel = await cancelToTell(s, tenant, call.businesses, call.deviceId);
  if (cancel !== null) links.cancelAction = { href: `${call.base}/cancelAction/${cancel}` };
  else {
    const offer = await offerOf(s, tenant, call.businesses, call.deviceId);
    if (offer) links.deploymentBase = { href: `${call.base}/deploymentBase/${offer.actionId}` };
  }
  const done = await lastInstalled(s, tenant, call.businesses, call.deviceId);
  if (done !== null) links.installedBase = { href: `${call.base}/installedBase/${done}` };
  Object.assign(links, await commandLinks(s, call));
  return Object.keys(links).length > 0 ? links : null;
}
