import { firmwareTaskEndpoints } from '@keel/contract/endpoints/firmware-task';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { actionKinds } from '../device-action/kinds';
import { packageTaskCounters } from '../firmware/service';
import * as assign from './assign';
import { taskActionKind } from './deployment';
import { runTickJob } from './engine';
import * as history from './history';
import { preview } from './preview';
import { TICK_JOB } from './schedule';
import * as service from './service';
import * as settings from './settings';
import * as transitions from './transitions';

/** Firmware update tasks and their rollouts (`task/` of the firmware service). Model: README.md. */
export const firmwareTaskModule = defineModule(
  firmwareTaskEndpoints,
  (s) => {
    s.jobs.register(TICK_JOB, () => runTickJob(s));
    return {
      'task/getTaskList': async (input, ctx) => service.list(s, ctx, input),
      'task/getTaskInfo': async (input, ctx) => service.info(s, ctx, input.id),
      'task/getWorkTypeList': async (_input, ctx) => service.workTypes(ctx.locale),
      'task/addTask': async (input, ctx) => {
        const item = await service.add(s, ctx, input);
        ctx.audit.target = item.id;
        return item;
      },
      'task/editTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return service.edit(s, ctx, input);
      },
      'task/delTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return { deleted: await service.remove(s, ctx, input.id) };
      },
      'task/assignToDevice': async (input, ctx) => {
        ctx.audit.target = input.id;
        return assign.assign(s, ctx, input);
      },
      'task/notAssignToDevice': async (input, ctx) => {
        ctx.audit.target = input.id;
        return assign.unassign(s, ctx, input);
      },
      'task/getAssignedDeviceList': async (input, ctx) => service.assigned(s, ctx, input),
      'task/getTaskDeliverList': async (input, ctx) => history.deliveries(s, ctx, input),
      'task/previewTask': async (input, ctx) => preview(s, ctx, input.id),
      'task/getTaskProgress': async (input, ctx) => history.progress(s, ctx, input.id),
      'task/releaseTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return transitions.release(s, ctx, input.id);
      },
      'task/pauseTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return transitions.pause(s, ctx, input.id);
      },
      'task/continueTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return transitions.resume(s, ctx, input.id);
      },
      'task/stopTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return transitions.stop(s, ctx, input.id);
      },
      'task/invalidateTask': async (input, ctx) => {
        ctx.audit.target = input.id;
        return transitions.invalidate(s, ctx, input.id);
      },
      'task/setDisable': async (input, ctx) => {
        ctx.audit.target = input.id;
        return transitions.setDisabled(s, ctx, input.id, input.disable);
      },
      'task/addRule': async (input, ctx) => {
        ctx.audit.target = input.id;
        return assign.addRule(s, ctx, input);
      },
      'task/getTaskSettings': async (_input, ctx) => settings.getSettings(s, ctx),
      'task/saveTaskSettings': async (input, ctx) => settings.saveSettings(s, ctx, input),
      'task/getRuleList': async (input, ctx) => assign.rules(s, ctx, input.id),
      'task/delRule': async (input, ctx) => {
        ctx.audit.target = input.ruleId;
        return { deleted: await assign.deleteRule(s, ctx, input.ruleId) };
      },
    };
  },
  {
    contributes: [
      // A package a task uses cannot be deleted, withdrawn or unshared; a release approval ends in the task.
      contribution(packageTaskCounters, service.tasksUsing),
      transitions.firmwareTaskApplications,
      // Its attempts are device actions, given to devices by modules/device-action (actions.ts, deployment.ts).
      contribution(actionKinds, taskActionKind),
    ],
  },
);
