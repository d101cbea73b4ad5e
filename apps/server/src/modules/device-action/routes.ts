import { hasBusiness } from '../../platform/auth/businesses';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { error } from '../device/ddi-service';
import { type DdiExtensionRoute, ddiPollLinks, ddiRoutes, menderDeploymentPoint } from '../device/extensions';
import { commandFeedback, fetchCommands } from './commands';
import * as ddi from './ddi';
import { kindsGivenAs } from './kinds';
import { menderDeployments } from './mender';
import { pollLinks } from './poll-links';

/**
 * A route offering work of the kinds given `as` deployments or commands: 404 where the property has the business
 * of none of them (as a route of one business answers; reports on work given are taken whatever the businesses).
 */
const offering =
  (as: 'deployment' | 'command', handler: DdiExtensionRoute['handler']): DdiExtensionRoute['handler'] =>
  (s, call) =>
    kindsGivenAs(s, as).some((k) => hasBusiness(call.businesses, k.business))
      ? handler(s, call)
      : Promise.resolve(error(404, 'notFound', 'Not found'));

/** hawkBit's deployment resources and Keel's commands resource under the controller's URL. */
const routes: DdiExtensionRoute[] = [
  {
    method: 'GET',
    suffix: '/deploymentBase/:actionId',
    bucket: 'deployment',
    handler: offering('deployment', ddi.deploymentBase),
  },
  {
    method: 'POST',
    suffix: '/deploymentBase/:actionId/feedback',
    report: true,
    bucket: 'deploymentFeedback',
    handler: ddi.deploymentFeedback,
  },
  {
    method: 'GET',
    suffix: '/cancelAction/:actionId',
    bucket: 'deployment',
    handler: offering('deployment', ddi.cancelAction),
  },
  {
    method: 'POST',
    suffix: '/cancelAction/:actionId/feedback',
    report: true,
    bucket: 'deploymentFeedback',
    handler: ddi.cancelFeedback,
  },
  {
    method: 'GET',
    suffix: '/installedBase/:actionId',
    bucket: 'deployment',
    handler: offering('deployment', ddi.installedBase),
  },
  {
    method: 'GET',
    suffix: '/softwaremodules/:softwareModuleId/artifacts/:fileName',
    bucket: 'artifact',
    handler: offering('deployment', ddi.artifact),
  },
  { method: 'GET', suffix: '/keelCommands', bucket: 'keelCommands', handler: offering('command', fetchCommands) },
  {
    method: 'POST',
    suffix: '/keelCommands/:cmdId/feedback',
    report: true,
    bucket: 'keelFeedback',
    handler: commandFeedback,
  },
];

/**
 * Device actions (README.md): no console calls of their own (producers show their campaigns); the one delivery of
 * every kind's actions to devices, contributed to the device API's extension points: hawkBit DDI's deployments,
 * cancellations, installed base and artifacts, Keel's commands resource, and Mender's deployments. A route that
 * offers work serves only the kinds whose business the property has (`business` is left to the handler).
 */
export const deviceActionModule = defineModule({}, () => ({}), {
  contributes: [
    contribution(ddiPollLinks, pollLinks),
    ...routes.map((route) => contribution(ddiRoutes, route)),
    contribution(menderDeploymentPoint, menderDeployments),
  ],
});
