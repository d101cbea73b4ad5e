import { appGroupEndpoints } from '@keel/contract/endpoints/app-group';
import { defineModule } from '../../platform/http/mount';
import { callerOf } from './caller';
import * as categories from './categories';
import * as groups from './groups';
import { listPickerDevices } from './picker';
import { listStoreApps } from './store';

/** App groups (`group/`), their categories, the store they arrange and the device picker. Model: README.md. */
export const appGroupModule = defineModule(appGroupEndpoints, (s) => ({
  'group/addOrUpdateAppGroup': async (input, ctx) => {
    const item = await groups.saveGroup(s, callerOf(ctx), input);
    ctx.audit.target = item.groupId;
    return item;
  },
  'group/deleteAppGroup': async (input, ctx) => {
    ctx.audit.target = input.groupId;
    return { deleted: await groups.deleteGroup(s, callerOf(ctx), input.groupId) };
  },
  'group/getGroupCategoryList': async (input, ctx) =>
    categories.categoriesOfMaster(s, callerOf(ctx), input.masterAppId),
  'group/addOrUpdateGroupCategory': async (input, ctx) => {
    const item = await categories.saveCategory(s, callerOf(ctx), input);
    ctx.audit.target = item.categoryId;
    return item;
  },
  'group/deleteGroupCategory': async (input, ctx) => {
    ctx.audit.target = input.categoryId;
    return { deleted: await categories.deleteCategory(s, callerOf(ctx), input.categoryId) };
  },
  'group/getAppGroupListByAdmin': async (input, ctx) => groups.listGroups(s, callerOf(ctx), input),
  'group/getStoreAppList': async (input, ctx) => listStoreApps(s, callerOf(ctx), input),
  'device/getDeviceInfoList': async (input, ctx) => listPickerDevices(s, callerOf(ctx), input),
}));
