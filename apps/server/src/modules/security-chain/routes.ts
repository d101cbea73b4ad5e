import {
  SECURITY_FUNC_PERMISSIONS as P,
  SECURITY_FUNC_READERS,
  securityChainEndpoints,
} from '@keel/contract/endpoints/security-chain';
import { defineModule } from '../../platform/http/mount';
import { callerOf } from './caller';
import * as funcs from './funcs';
import * as responses from './responses';
import { listSecuritySpaces } from './spaces';

/** Who changes responses. */
const RESPONSE_EDITORS = [P.responsesEdit, P.edit];

/** The security chain (`func/`): functions of security spaces and their responses. Model: README.md. */
export const securityChainModule = defineModule(securityChainEndpoints, (s) => ({
  'func/getFuncSpaceList': async (_input, ctx) => ({
    list: await listSecuritySpaces(s, callerOf(ctx), SECURITY_FUNC_READERS),
  }),
  'func/getFuncList': async (input, ctx) => funcs.listFuncs(s, callerOf(ctx), input),
  'func/saveFunc': async (input, ctx) => {
    const item = await funcs.saveFunc(s, callerOf(ctx), input);
    ctx.audit.target = item.funcId;
    return item;
  },
  'func/deleteFunc': async (input, ctx) => {
    ctx.audit.target = input.funcId;
    return { deleted: await funcs.deleteFunc(s, callerOf(ctx), input.funcId, [P.edit]) };
  },
  'func/getFuncResponseList': async (input, ctx) => responses.listResponses(s, callerOf(ctx), input),
  'func/saveFuncResponse': async (input, ctx) => {
    const item = await responses.saveResponse(s, callerOf(ctx), input, RESPONSE_EDITORS);
    ctx.audit.target = item.responseId;
    return item;
  },
  'func/deleteFuncResponse': async (input, ctx) => {
    ctx.audit.target = input.responseId;
    return { deleted: await responses.deleteResponse(s, callerOf(ctx), input.responseId, RESPONSE_EDITORS) };
  },
}));
