import { userEndpoints } from '@keel/contract/endpoints/user';
import { requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import * as users from './service';

/** Users: the administrator's members (with `pno`) and the operator's accounts (without) (README.md). */
export const userModule = defineModule(userEndpoints, (s) => ({
  'u/getUserList': async (input, ctx) => users.listUsers(s, ctx, requireUser(ctx), input),
  'u/addOrEditInternalUser': async (input, ctx) => users.addOrEdit(s, ctx, requireUser(ctx), input),
  'u/updateUserStatus': async (input, ctx) => users.setStatus(s, ctx, requireUser(ctx), input),
}));
