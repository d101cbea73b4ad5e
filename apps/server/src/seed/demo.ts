import { BUSINESSES } from '@keel/contract/constants';
import * as orgRepo from '../modules/org/repo';
import { addMember } from '../platform/auth/members-repo';
import { hashPassword } from '../platform/auth/passwords';
import { createProperty, findPropertyByName } from '../platform/auth/properties-repo';
import { createUser, findUserByPhone, firstOperatorUid, usersOfPhones } from '../platform/auth/users-repo';
import { newId } from '../platform/ids';
import type { NewsKey, NewsParams } from '../platform/news/catalogue';
import { hasNewsOf } from '../platform/news/news-repo';
import { type NewsType, notify } from '../platform/news/notify';
import type { Services } from '../platform/services';
import { propertyTenant } from '../platform/tenancy/tenant';
import { seedDemoFleet } from './devices';
import { seedDemoFirmware } from './firmware';
import { seedMemberGroups } from './member-groups';
import { ensureFirstOperator } from './operator';
import { seedPermissionSets } from './permissions';
import { seedDemoSpaces } from './spaces';
import { ensureUser } from './users';
import { seedDemoWorkflow } from './workflow';

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_OWNER_PHONE = '13800000001';
export const DEMO_MEMBER_PHONE = '13800000002';

/**
 * A demo tenant to show the console with (idempotent): "演示物业" with every business, owned by 13800000001 and
 * with 13800000002 as an ordinary member; "合作物业" with two businesses, owned by the operator, with
 * 13800000001 as a member.
 */
export async function seedDemo(s: Services): Promise<void> {
  await ensureFirstOperator(s);
  const operatorUid = await firstOperatorUid(s.db);
  if (!operatorUid) throw new Error('seedDemo: no platform operator');
  const operator = { uid: operatorUid };
  const owner = await ensureUser(s, { phone: DEMO_OWNER_PHONE, name: '演示管理员', password: DEMO_PASSWORD });
  const member = await ensureUser(s, { phone: DEMO_MEMBER_PHONE, name: '演示成员', password: DEMO_PASSWORD });
  const now = s.now();

  if (!(await findPropertyByName(s.db, '演示物业'))) {
    const pno = await createProperty(
      s.db,
      { name: '演示物业', isCustomer: false, ownerUid: owner.uid, businesses: BUSINESSES },
      now,
    );
    await addMember(s.db, pno, member.uid, 'member', now + 1);
  }
  if (!(await findPropertyByName(s.db, '合作物业'))) {
    const pno = await createProperty(
      s.db,
      { name: '合作物业', isCustomer: true, ownerUid: operator.uid, businesses: ['firmware', 'appstore'] },
      now + 2,
    );
    await addMember(s.db, pno, owner.uid, 'member', now + 3);
  }
}

// ---- the full demo (`npm run seed:demo`) ----------------------------------------------------------------------

/** Where the demo's people sit: an organisation tree four levels below the root (22 nodes). */
interface TreeSpec {
  name: string;
  children?: TreeSpec[];
}
const DEMO_TREE: TreeSpec[] = [
  { name: '总部', children: [{ name: '总经办' }, { name: '财务部' }, { name: '人力资源部' }] },
  {
    name: '研发中心',
    children: [
      { name: '固件研发部', children: [{ name: '固件一组' }, { name: '固件二组' }] },
      { name: '平台研发部', children: [{ name: '后端组' }, { name: '前端组' }] },
      { name: '测试部' },
    ],
  },
  {
    name: '华东区',
    children: [
      {
        name: '上海分公司',
        children: [
          { name: '运维一部', children: [{ name: '浦东值守班' }, { name: '浦西值守班' }] },
          { name: '上海销售部' },
        ],
      },
      { name: '杭州分公司', children: [{ name: '运维二部' }] },
    ],
  },
  { name: '华南区', children: [{ name: '深圳分公司' }] },
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
];

/** The demo's people: 13800001001–13800001040, each on a node (by the node's path). */
export const DEMO_PEOPLE_COUNT = 40;
const personPhone = (i: number) => `1380000${String(1001 + i)}`;
const personName = (i: number) =>
  `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7 + Math.floor(i / SURNAMES.length)) % GIVEN.length]}`;

/** Not a member: asks to join, so that the member-approval page and the message centre have something. */
export const DEMO_APPLICANT_PHONE = '13800001099';
/** Administrators: the whole property (account set), read-only (audit set), and one limited to 华东区. */
export const DEMO_ACCOUNT_ADMIN_PHONE = personPhone(0);
export const DEMO_AUDITOR_PHONE = personPhone(1);
export const DEMO_REGION_ADMIN_PHONE = personPhone(2);

/**
 * The demo as `npm run seed:demo` leaves it (idempotent: a second run changes nothing): seedDemo, then 演示物业
 * grows into a realistic property — the organisation tree above, 40 people placed on it with titles, user sets
 * and three customers, the permission sets 账号管理员 (account administration) and 只读审计 (read-only) with one
 * administrator limited to 华东区, a member-join flow of two steps with an open join request going through it, and a few unread messages for
 * 演示管理员. The ordinary
 * member 13800000002 stays on the root without permission sets.
 */
export async function seedFullDemo(s: Services): Promise<void> {
  await seedDemo(s);
  const property = await findPropertyByName(s.db, '演示物业');
  if (!property) throw new Error('seedDemo did not create 演示物业');
  const pno = property.pno;
  const owner = property.owner_uid;
  const base = s.now();

  // The tree, top-down; existing nodes (by name under the same parent) are kept.
  const nodeOf = new Map<string, string>(); // name → oid (names are unique across DEMO_TREE)
  const leaves: string[] = [];
  let sort = 0;
  const addLevel = async (specs: TreeSpec[], pid: string) => {
    for (const spec of specs) {
      sort += 1;
      let oid = (await orgRepo.findSiblingByName(s.db, propertyTenant(pno), pid, spec.name))?.oid;
      if (!oid) {
        oid = newId();
        await orgRepo.insertNode(s.db, propertyTenant(pno), {
          oid,
          pid,
          name: spec.name,
          sort: sort * 10,
          created_at: base,
          updated_at: base,
        });
      }
      nodeOf.set(spec.name, oid);
      if (spec.children) await addLevel(spec.children, oid);
      else leaves.push(oid);
    }
  };
  await addLevel(DEMO_TREE, orgRepo.rootId(pno));

  // People: one password hash for all (hashing is slow on purpose), computed only if someone is missing.
  const phones = [...Array.from({ length: DEMO_PEOPLE_COUNT }, (_, i) => personPhone(i)), DEMO_APPLICANT_PHONE];
  const existing = new Map((await usersOfPhones(s.db, phones)).map((u) => [u.phone, u.uid]));
  let hash: string | undefined;
  for (const [i, phone] of phones.entries()) {
    if (existing.has(phone)) continue;
    hash ??= await hashPassword(DEMO_PASSWORD);
    const uid = newId();
    const name = phone === DEMO_APPLICANT_PHONE ? '林晓' : personName(i);
    await createUser(s.db, {
      uid,
      phone,
      email: phone === DEMO_APPLICANT_PHONE ? null : `user${i + 1}@demo.keel.local`,
      name,
      password_hash: hash,
      is_operator: 0,
      // Two people are disabled, so that the user page shows both states.
      status: i === 38 || i === 39 ? 0 : 1,
      created_at: base + i,
      updated_at: base + i,
    });
    existing.set(phone, uid);
  }
  const people = phones.slice(0, DEMO_PEOPLE_COUNT).map((p) => existing.get(p) as string);

  // Memberships, placed on the tree: the three administrators where they work, the rest over the other nodes.
  const placed: Record<number, string> = { 0: '总经办', 1: '财务部', 2: '华东区' };
  const spread = [...nodeOf.values()];
  for (const [i, uid] of people.entries()) {
    const oid = placed[i] ? (nodeOf.get(placed[i]) as string) : (spread[(i * 5) % spread.length] as string);
    await orgRepo.addMemberAt(s.db, propertyTenant(pno), uid, oid, base + 100 + i);
  }

  await seedMemberGroups(s, pno, owner, people);
  await seedPermissionSets(
    s,
    pno,
    owner,
    {
      accountUids: [people[0] as string],
      auditUids: [people[1] as string],
      scoped: [{ uid: people[2] as string, set: 'account', oids: [nodeOf.get('华东区') as string] }],
    },
    ['account', 'audit'],
  );

  // Two spaces (seed/spaces.ts), and the demo fleet (seed/devices.ts): 12 devices with models and credentials in
  // the terminal space's groups, the first three bound to the plain member, the owner and a person;
  // `npm run sim:demo` brings them online.
  const plainMember = await findUserByPhone(s.db, DEMO_MEMBER_PHONE);
  if (!plainMember) throw new Error('seedDemo: the demo member is missing');
  const spaces = await seedDemoSpaces(s, pno, owner);
  const fleet = await seedDemoFleet(s, pno, owner, [plainMember.uid, owner, people[3] as string], spaces.terminals);
  // The gateways' firmware (seed/firmware.ts): three versions, a delta, a finished rollout and a running one that
  // `npm run sim:demo` carries on.
  await seedDemoFirmware(s, pno, DEMO_OWNER_PHONE, spaces.files, fleet.modelIds['KG-100']);

  // The member-join flow and an open join request by someone who is not a member yet, going through it (the owner
  // has it to do: seed/workflow.ts).
  await seedDemoWorkflow(s, pno, {
    owner,
    accountAdmin: people[0] as string,
    applicant: existing.get(DEMO_APPLICANT_PHONE) as string,
    applicantName: '林晓',
    hrUnit: nodeOf.get('人力资源部'),
  });
  const messages: Array<{
    type: NewsType;
    key: NewsKey;
    params?: NewsParams;
    link?: { kind: string; id: string };
  }> = [];
  messages.push(
    {
      type: 'system',
      key: 'demoWelcome',
    },
    {
      type: 'role',
      key: 'demoScopeSet',
      params: { user: personName(2), set: '账号管理员', scope: '华东区' },
    },
  );
  // Each message once: a second run finds it by its key (or, in a demo seeded before keys were stored, by its
  // type) and leaves it.
  for (const m of messages) {
    const seen = await hasNewsOf(s.db, { uid: owner, pno, key: m.key, type: m.type });
    if (!seen) await notify(s, { uid: owner, pno, type: m.type, key: m.key, params: m.params, link: m.link });
  }
}
