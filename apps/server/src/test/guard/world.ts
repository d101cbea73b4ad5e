import type { FastifyInstance } from 'fastify';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, seedDemo } from '../../seed/demo';

/** Who the guard suite calls as: the demo tenant (owner, ordinary member), the operator, and the demo pno. */
export interface GuardWorld {
  demoPno: string;
  partnerPno: string;
  uid: { operator: string; owner: string; member: string };
  /** A fresh session of the user (a call may sign it out). */
  token(who: 'operator' | 'owner' | 'member'): Promise<string>;
}

export async function buildWorld(app: FastifyInstance): Promise<GuardWorld> {
  const s = app.keel;
  await seedDemo(s);
  const uidOf = async (phone: string) =>
    (await s.db.selectFrom('users').select('uid').where('phone', '=', phone).executeTakeFirstOrThrow()).uid;
  const pnoOf = async (name: string) =>
    (await s.db.selectFrom('properties').select('pno').where('name', '=', name).executeTakeFirstOrThrow()).pno;
  const uid = {
    operator: await uidOf('13800000000'),
    owner: await uidOf(DEMO_OWNER_PHONE),
    member: await uidOf(DEMO_MEMBER_PHONE),
  };
  return {
    demoPno: await pnoOf('演示物业'),
    partnerPno: await pnoOf('合作物业'),
    uid,
    token: (who) => s.sessions.issue(uid[who]),
  };
}
