import { directiveEndpoints } from '@keel/contract/endpoints/directive';
import { defineModule } from '../../platform/http/mount';
import { registerDdiRoute, registerPollLinks } from '../device/extensions';
import { commandFeedback, commandLinks, fetchCommands } from './device-service';
import * as service from './service';

/** Directives (`cmd/`): commands to devices, delivered over Keel's DDI extension. Model: README.md. */
export const directiveModule = defineModule(directiveEndpoints, (s) => {
  s.jobs.register(service.EXPIRE_JOB, (payload) => service.runExpireJob(s, payload));
  registerPollLinks('directive', 'firmware', commandLinks);
  registerDdiRoute({
    method: 'GET',
    suffix: '/keelCommands',
    business: 'firmware',
    bucket: 'keelCommands',
    handler: fetchCommands,
  });
  registerDdiRoute({
    method: 'POST',
    suffix: '/keelCommands/:cmdId/feedback',
    business: 'firmware',
    report: true,
    bucket: 'keelFeedback',
    handler: commandFeedback,
  });
  return {
    'cmd/getPnoCmdList': async (input, ctx) => service.listCommands(s, ctx, input),
    'cmd/sendCmd': async (input, ctx) => service.sendCommand(s, ctx, input),
    'cmd/getCmdResultList': async (input, ctx) => service.listResults(s, ctx, input),
    'cmd/cancelCmd': async (input, ctx) => service.cancelCommand(s, ctx, input.cmdId),
  };
});
