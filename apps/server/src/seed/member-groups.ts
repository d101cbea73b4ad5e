import * as customers from '../modules/customer/repo';
import * as titles from '../modules/title/repo';
import * as userSets from '../modules/user-set/repo';
import { nameKey } from '../platform/db/sql-helpers';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';
import { propertyTenant } from '../platform/tenancy/tenant';

const TITLES: Array<[string, string]> = [
  ['总经理', '物业负责人'],
  ['研发工程师', '固件与应用开发'],
  ['测试工程师', '版本验证与发布前测试'],
  ['运维专员', '终端与升级任务运维'],
  ['安全员', '证书与安全链管理'],
];
const USER_SETS: Array<[string, string]> = [
  ['夜班值守', '夜间告警与升级值守'],
  ['发布评审组', '固件发布前的评审成员'],
  ['华东项目组', '华东区域客户项目'],
];
const CUSTOMERS = [
  { name: '东方水务集团', code: 'DFSW', contactName: '王磊', contactPhone: '021-6888 1234', address: '上海市浦东新区' },
  { name: '北辰智能科技', code: 'BCZN', contactName: '李娜', contactPhone: '13912340001', address: '北京市海淀区' },
  { name: '南岭能源', code: 'NLNY', contactName: '陈晨', contactPhone: '0755-2666 8888', address: '深圳市南山区' },
];

/**
 * Titles, user sets and customers for a demo property (idempotent: existing names are kept), with the given
 * members spread over them round-robin. For seed/demo.ts.
 */
export async function seedMemberGroups(s: Services, pno: string, by: string, memberUids: readonly string[]) {
  const now = s.now();
  const tenant = propertyTenant(pno);
  const pick = (i: number, n: number) => memberUids.filter((_, k) => k % n === i);

  for (const [i, [name, remark]] of TITLES.entries()) {
    let tid = (await titles.findTitleByNameKey(s.db, tenant, nameKey(name)))?.tid;
    if (!tid) {
      tid = newId();
      await titles.insertTitle(s.db, tenant, tid, { name, nameKey: nameKey(name), remark }, by, now + i);
    }
    await titles.addTitleUsers(s.db, tenant, tid, pick(i, TITLES.length), by, now);
  }
  for (const [i, [name, remark]] of USER_SETS.entries()) {
    let usid = (await userSets.findUserSetByNameKey(s.db, tenant, nameKey(name)))?.usid;
    if (!usid) {
      usid = newId();
      await userSets.insertUserSet(s.db, tenant, usid, { name, nameKey: nameKey(name), remark }, by, now + i);
    }
    // Sets overlap: every other member is in two of them.
    await userSets.addUserSetUsers(s.db, tenant, usid, pick(i, 2), by, now);
  }
  for (const [i, c] of CUSTOMERS.entries()) {
    let cid = (await customers.findCustomerByNameKey(s.db, tenant, nameKey(c.name)))?.cid;
    if (!cid) {
      cid = newId();
      const values = {
        ...c,
        nameKey: nameKey(c.name),
        codeKey: nameKey(c.code),
        contactEmail: '',
        remark: '',
        propertyPno: null,
      };
      await customers.insertCustomer(s.db, tenant, cid, values, by, now + i);
    }
    await customers.addCustomerUsers(s.db, tenant, cid, pick(i, CUSTOMERS.length * 2), by, now);
  }
}
