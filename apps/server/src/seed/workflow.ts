import * as orgRepo from '../modules/org/repo';
import { addStep, applicationOfSubject, steps, submitApplication } from '../modules/workflow/service';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';
import { propertyTenant } from '../platform/tenancy/tenant';

const JOIN_REMARK = '我是杭州分公司新入职的运维工程师';

/**
 * The demo's approval workflow (idempotent): 演示物业's default flow for member join — 初审 by the owner or the
 * account administrator (any one), then 人事复核 by the 人力资源部 unit (the built-in auditors take it while that unit
 * is empty) — and an open join request by 林晓 (13800001099) going through it, so that the owner has it to do.
 */
export async function seedDemoWorkflow(
  s: Services,
  pno: string,
  who: { owner: string; accountAdmin: string; applicant: string; applicantName: string; hrUnit: string | undefined },
): Promise<void> {
  const t = propertyTenant(pno);
  if ((await steps(s, t, 'memberJoin')).length === 0) {
    await addStep(s, t, who.owner, {
      applyType: 'memberJoin',
      name: '初审',
      rule: 'any',
      skipApplicant: 1,
      uidList: [who.owner, who.accountAdmin],
      tidList: [],
      usidList: [],
      oidList: [],
    });
    await addStep(s, t, who.owner, {
      applyType: 'memberJoin',
      name: '人事复核',
      rule: 'any',
      skipApplicant: 1,
      uidList: [],
      tidList: [],
      usidList: [],
      oidList: who.hrUnit ? [who.hrUnit] : [`root-${pno}`],
    });
  }
  if (await orgRepo.findMember(s.db, propertyTenant(pno), who.applicant)) return;
  const open = await orgRepo.findOpenRequest(s.db, propertyTenant(pno), 'join', '13800001099');
  if (open && (await applicationOfSubject(s, pno, 'memberJoin', open.id))) return;
  const id = open?.id ?? newId();
  const property = await orgRepo.findProperty(s.db, pno);
  await submitApplication(
    s,
    {
      pno,
      applyType: 'memberJoin',
      applicantUid: who.applicant,
      subjectId: id,
      subjectName: property?.name ?? '',
      snapshot: {
        requestId: id,
        name: who.applicantName,
        phone: '13800001099',
        remark: JOIN_REMARK,
        propertyName: property?.name ?? '',
      },
    },
    async (trx) => {
      if (open) return;
      await orgRepo.insertRequest(trx, propertyTenant(pno), {
        id,
        kind: 'join',
        phone: '13800001099',
        uid: who.applicant,
        oid: null,
        inviter_uid: null,
        reviewer_uid: null,
        status: 'pending',
        remark: JOIN_REMARK,
        created_at: s.now(),
        decided_at: null,
        expires_at: null,
      });
    },
  );
}
