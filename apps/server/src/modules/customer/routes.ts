import { customerEndpoints } from '@keel/contract/endpoints/customer';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { memberGroupHandlers, propertyScope } from '../../platform/member-groups/handlers';
import { tenantOf } from '../../platform/tenancy/tenant';
import { memberLeavers } from '../org/leave';
import { checkCustomerProperty, customerService, removeUserFromCustomersOf } from './service';

/** Customers: see README.md for the model. No back office: every call needs a selected property. */
export const customerModule = defineModule(
  customerEndpoints,
  (s) => {
    const h = memberGroupHandlers(s, customerService, 'cid', propertyScope, (r) => ({
      cid: r.cid,
      name: r.name,
      code: r.code,
      contactName: r.contact_name,
      contactPhone: r.contact_phone,
      contactEmail: r.contact_email,
      address: r.address,
      remark: r.remark,
      propertyPno: r.property_pno ?? '',
      userCount: r.user_count,
      createTime: r.created_at,
      updateTime: r.updated_at,
    }));
    return {
      'cu/getCustomerList': h.list,
      'cu/addOrUpdateCustomer': async (input, ctx) => {
        await checkCustomerProperty(s, tenantOf(ctx).pno, input.propertyPno);
        return h.save(input, ctx);
      },
      'cu/delCustomer': h.del,
      'cu/getCustomerUserList': h.users,
      'cu/addCustomerUser': h.add,
      'cu/delCustomerUser': h.remove,
    };
  },
  // A member leaving the property leaves its customers (org/leave.ts).
  { contributes: [contribution(memberLeavers, { what: 'customers', leave: removeUserFromCustomersOf })] },
);
