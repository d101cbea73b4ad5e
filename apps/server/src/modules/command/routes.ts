import { commandEndpoints } from '@keel/contract/endpoints/command';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { actionKinds } from '../device-action/kinds';
import { commandActionKind } from './actions';
import * as service from './service';

/**
 * Commands (`cmd/`) to devices, device actions given through Keel's commands resource by
 * modules/device-action (actions.ts). Model: README.md.
 */
export const commandModule = defineModule(
  commandEndpoints,
  (s) => {
    s.jobs.register(service.EXPIRE_JOB, (payload) => service.runExpireJob(s, payload));
    return {
      'cmd/getPnoCmdList': async (input, ctx) => service.listCommands(s, ctx, input),
      'cmd/sendCmd': async (input, ctx) => service.sendCommand(s, ctx, input),
      'cmd/getCmdResultList': async (input, ctx) => service.listResults(s, ctx, input),
      'cmd/cancelCmd': async (input, ctx) => service.cancelCommand(s, ctx, input.cmdId),
    };
  },
  { contributes: [contribution(actionKinds, commandActionKind)] },
);
