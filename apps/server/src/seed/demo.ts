import { BUSINESSES } from '@keel/contract/constants';
import { addMember, createProperty, findPropertyByName } from '../modules/property/repo';
import type { Services } from '../platform/services';
import { ensureFirstOperator } from './operator';
import { ensureUser } from './users';

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
  const operator = await s.db
    .selectFrom('users')
    .select('uid')
    .where('is_operator', '=', 1)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
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
