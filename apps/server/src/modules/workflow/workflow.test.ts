import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Who {
  token: string;
  uid: string;
  name: string;
}

const GB = 1_000_000_000;

/**
 * The workflow engine over HTTP (README.md): flows of several steps with `any` and `all` rules, transmit and assign,
 * rejection and withdrawal running the area's hooks, flow edits leaving applications in flight alone, concurrent
 * actions, the lists and another property's objects. Member join requests and space applications are the areas.
 */
describeEachDb('workflow', (env) => {
  let owner: Who;
  let operator: Who;
  let demo: string;
  let partner: string;
  /** Members of the demo property who audit. */
  const a: Record<string, Who> = {};
  let tid: string;
  let unit: string;

  const as = (who: Who, pno: string | null = demo, lang: 'zh-cn' | 'en' = 'zh-cn'): CallOptions => ({
    token: who.token,
    ...(pno ? { pno } : {}),
    lang,
  });
  const call = <P extends EndpointPath>(path: P, input: Record<string, unknown>, options: CallOptions) =>
    env().call(path, input, options);
  const status = async (path: EndpointPath, input: Record<string, unknown>, options: CallOptions) =>
    (await call(path, input, options)).status;
  const db = () => env().app.keel.db.withoutPlugins();
  const newsOf = (uid: string) =>
    db()
      .selectFrom('news')
      .select(['news_key', 'news_type', 'params', 'link'])
      .where('uid', '=', uid)
      .orderBy('created_at')
      .orderBy('nid')
      .execute();
  const login = async (account: string, password: string) => {
    const res = await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() });
    expect(res.status, res.msg).toBe(0);
    return res.data as Who & { propertyList: Array<{ pno: string }> };
  };
  const memberOfDemo = async (name: string): Promise<Who> => {
    const user = await env().register(freshPhone(), name);
    env().advance(1);
    await addMember(env().app.keel.db, demo, user.uid, 'member', env().now());
    return { token: user.token, uid: user.uid, name };
  };
  const todo = async (who: Who, extra: Record<string, unknown> = {}) =>
    (await env().ok('flowAudit/getAuditOrNoAuditList', { auditStatus: 0, ...extra }, as(who))).list.map(
      (i) => i.applyId,
    );
  const detail = (applyId: string, who: Who = owner) => env().ok('flowAudit/getApplyDetail', { applyId }, as(who));
  /** The flow of a type, emptied, then given these steps. */
  const setFlow = async (applyType: string, steps: Array<Record<string, unknown>>) => {
    await env().ok('flowSettingDefault/deleteFlowSettingDefault', { applyType }, as(owner));
    for (const step of steps)
      await env().ok('flowSettingDefault/saveFlowSettingDefault', { applyType, ...step }, as(owner));
  };
  /** A new user asks to join the demo property: the application of type memberJoin. */
  const joinRequest = async (name = 'Joiner') => {
    const user = await env().register(freshPhone(), name);
    env().advance(1);
    const req = await env().ok('o/applyJoinProperty', { pno: demo, remark: 'hello' }, { token: user.token });
    const row = await db()
      .selectFrom('flow_applications')
      .select('apply_id')
      .where('subject_id', '=', req.id)
      .executeTakeFirstOrThrow();
    return { user: { token: user.token, uid: user.uid, name } as Who, requestId: req.id, applyId: row.apply_id };
  };
  let spaceCount = 0;
  const COMBOS = [
    ['terminal', 'file'],
    ['firmware', 'file'],
    ['terminal', 'terminal'],
    ['firmware', 'terminal'],
  ] as const;
  /** A member applies for a personal space (one pending per business and category): a spaceBusiness application. */
  const spaceApplication = async (who: Who) => {
    spaceCount += 1;
    env().advance(1);
    const name = `Applied ${spaceCount}`;
    for (const [business, category] of COMBOS) {
      const input = { business, category, name, quota: GB, reason: 'work' };
      const res = await call('bn/applySpaceBusiness', input, as(who));
      if (res.status === Status.conflict) continue;
      expect(res.status, res.msg).toBe(0);
      const row = await db()
        .selectFrom('flow_applications')
        .select('apply_id')
        .where('subject_id', '=', res.data.id)
        .executeTakeFirstOrThrow();
      return { id: res.data.id, name, applyId: row.apply_id };
    }
    throw new Error(`${who.name} has a pending application of every kind`);
  };

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const o = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    owner = { token: o.token, uid: o.uid, name: o.name };
    [demo, partner] = o.propertyList.map((p) => p.pno) as [string, string];
    const op = await login('13800000000', 'Operator123');
    operator = { token: op.token, uid: op.uid, name: op.name };
    for (const k of ['A', 'B', 'C', 'D', 'E', 'F', 'M', 'N']) a[k] = await memberOfDemo(`Auditor ${k}`);
    tid = (await env().ok('t/addOrUpdateTitle', { name: 'Flow reviewers' }, as(owner))).tid;
    await env().ok('t/addTitleUser', { tid, uidList: [a.C?.uid, a.D?.uid] }, as(owner));
    unit = (await env().ok('o/addOrUpdateOrg', { pid: `root-${demo}`, name: 'Flow unit' }, as(owner))).oid;
    await env().ok('o/moveOrgUser', { uidList: [a.E?.uid], oid: unit }, as(owner));
  });

  describe('a three-step flow', () => {
    it('passes step by step by each step’s rule (any, all, a unit), then runs the join', async () => {
      const A = a.A as Who;
      const B = a.B as Who;
      const C = a.C as Who;
      const D = a.D as Who;
      const E = a.E as Who;
      await setFlow('memberJoin', [
        { name: 'Team lead', rule: 'any', uidList: [A.uid, B.uid] },
        { name: 'Reviewers', rule: 'all', tidList: [tid] },
        { name: 'Unit', rule: 'any', oidList: [unit] },
      ]);
      const flow = await env().ok('flowSettingDefault/getFlowSettingDefault', { applyType: 'memberJoin' }, as(owner));
      expect(flow.builtIn).toBe(0);
      expect(flow.steps.map((s) => [s.sort, s.name, s.rule])).toEqual([
        [1, 'Team lead', 'any'],
        [2, 'Reviewers', 'all'],
        [3, 'Unit', 'any'],
      ]);
      expect(flow.steps[1]?.auditors).toEqual([
        { authType: 2, id: tid, name: 'Flow reviewers', userNum: 2, exists: 1 },
      ]);
      expect(flow.steps[2]?.auditors[0]).toMatchObject({ authType: 4, id: unit, name: 'Flow unit', userNum: 1 });

      const { user, applyId, requestId } = await joinRequest('Three steps');
      expect(await todo(A)).toContain(applyId);
      expect(await todo(B)).toContain(applyId);
      expect(await todo(C)).not.toContain(applyId);
      expect((await newsOf(A.uid)).at(-1)).toMatchObject({ news_key: 'flowToDo', news_type: 'join' });
      // Out of turn.
      expect(await status('flowAudit/flowAudit', { applyId }, as(C))).toBe(Status.forbidden);

      // Step 1 (any): A passes, B stands down.
      const first = await env().ok('flowAudit/flowAudit', { applyId, comment: 'known' }, as(A));
      expect(first).toMatchObject({ state: 'pending', stepIndex: 2 });
      expect(await todo(B)).not.toContain(applyId);
      expect(await status('flowAudit/flowAudit', { applyId }, as(B))).toBe(Status.forbidden);
      expect(await status('flowAudit/flowAudit', { applyId }, as(A))).toBe(Status.forbidden);
      expect(await todo(C)).toContain(applyId);
      expect(await todo(D)).toContain(applyId);

      // Step 2 (all): C passes, the step waits for D; C may not pass twice.
      await env().ok('flowAudit/flowAudit', { applyId }, as(C));
      expect((await detail(applyId)).stepIndex).toBe(2);
      const twice = await call('flowAudit/flowAudit', { applyId }, as(C, demo, 'en'));
      expect(twice).toMatchObject({ status: Status.conflict });
      expect(twice.msg).toContain('already acted');
      await env().ok('flowAudit/flowAudit', { applyId }, as(D));
      expect(await todo(E)).toContain(applyId);

      // Step 3: the unit's member passes; the join runs in the same transaction.
      const last = await env().ok('flowAudit/flowAudit', { applyId, comment: 'welcome' }, as(E));
      expect(last).toMatchObject({ state: 'passed', stepIndex: 3 });
      const request = await db()
        .selectFrom('org_requests')
        .select(['status', 'reviewer_uid'])
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(request).toEqual({ status: 'approved', reviewer_uid: E.uid });
      const member = await db()
        .selectFrom('property_members')
        .select('uid')
        .where('pno', '=', demo)
        .where('uid', '=', user.uid)
        .executeTakeFirst();
      expect(member).toBeDefined();
      const news = await newsOf(user.uid);
      expect(news.map((n) => n.news_key).sort()).toEqual(['flowStepPassed', 'flowStepPassed', 'joinApprovedWithNote']);

      const full = await detail(applyId);
      // Auditors see who applies; the applicant's progress messages name the property they asked to join.
      expect(full.subjectName).toBe(`Three steps (${full.applicantPhone})`);
      expect(full.snapshot.propertyName).toBeTruthy();
      const progress = news
        .filter((n) => n.news_key === 'flowStepPassed')
        .map((n) => JSON.parse(n.params ?? '{}').subject);
      expect(progress).toEqual([full.snapshot.propertyName, full.snapshot.propertyName]);
      const toA = (await newsOf(A.uid)).find((n) => n.news_key === 'flowToDo' && n.link?.includes(applyId));
      expect(JSON.parse(toA?.params ?? '{}').subject).toBe(full.subjectName);
      expect(full.history.map((h) => [h.seq, h.action, h.stepIndex, h.actorName])).toEqual([
        [1, 'submit', 0, 'Three steps'],
        [2, 'pass', 1, 'Auditor A'],
        [3, 'stepPassed', 1, ''],
        [4, 'pass', 2, 'Auditor C'],
        [5, 'pass', 2, 'Auditor D'],
        [6, 'stepPassed', 2, ''],
        [7, 'pass', 3, 'Auditor E'],
        [8, 'stepPassed', 3, ''],
        [9, 'finish', 3, ''],
      ]);
      expect(full.history[0]?.targets.map((t) => t.uid).sort()).toEqual([A.uid, B.uid].sort());
      expect(full.steps.map((s) => [s.state, s.passedBy.map((p) => p.name)])).toEqual([
        ['passed', ['Auditor A']],
        ['passed', ['Auditor C', 'Auditor D']],
        ['passed', ['Auditor E']],
      ]);
      expect(full.can).toEqual({ pass: 0, reject: 0, transmit: 0, assign: 0, withdraw: 0 });
      // Finished: nothing more.
      const after = await call('flowAudit/noPassFlowAudit', { applyId, reason: 'late' }, as(E, demo, 'en'));
      expect(after.status).toBe(Status.conflict);
      expect(after.msg).toBe('This application has already ended; nothing more can be done to it');
      const done = await env().ok('flowAudit/getAuditOrNoAuditList', { auditStatus: 1 }, as(C));
      expect(done.list[0]).toMatchObject({ applyId, myAction: 'pass', state: 'passed' });
      expect(await todo(C)).not.toContain(applyId);
    });

    it('skips a step whose auditors include the applicant when it says so, and falls back when a step names nobody', async () => {
      const A = a.A as Who;
      const M = a.M as Who;
      const empty = (await env().ok('t/addOrUpdateTitle', { name: 'Nobody holds this' }, as(owner))).tid;
      await setFlow('spaceBusiness', [
        { name: 'Self', rule: 'any', skipApplicant: 1, uidList: [M.uid, A.uid] },
        { name: 'Empty', rule: 'all', tidList: [empty] },
      ]);
      const { applyId } = await spaceApplication(M);
      const d = await detail(applyId);
      expect(d.history.map((h) => h.action)).toEqual(['submit', 'skip', 'fallback']);
      expect(d.stepIndex).toBe(2);
      // The built-in auditors (the owner) took the empty step.
      expect(d.currentAuditors.map((p) => p.uid)).toEqual([owner.uid]);
      expect(d.steps.map((s) => s.state)).toEqual(['skipped', 'current']);
      await env().ok('flowAudit/flowAudit', { applyId }, as(owner));
      expect((await detail(applyId)).state).toBe('passed');
    });
  });

  describe('transmit and assign', () => {
    it('hands one’s part to another member with a note; an administrator assigns the step to others', async () => {
      const [A, B, C, D, M] = [a.A, a.B, a.C, a.D, a.M] as Who[];
      await setFlow('spaceBusiness', [{ name: 'Check', rule: 'all', uidList: [A.uid] }]);
      const { applyId, id } = await spaceApplication(M);
      expect(await status('flowAudit/flowAuditTransmit', { applyId, uid: B.uid, note: '' }, as(A))).toBe(
        Status.invalidInput,
      );
      expect(await status('flowAudit/flowAuditTransmit', { applyId, uid: M.uid, note: 'you' }, as(A))).toBe(
        Status.conflict,
      );
      expect(await status('flowAudit/flowAuditTransmit', { applyId, uid: operator.uid, note: 'x' }, as(A))).toBe(
        Status.notFound,
      );
      await env().ok('flowAudit/flowAuditTransmit', { applyId, uid: B.uid, note: 'please take it' }, as(A));
      expect(await todo(A)).not.toContain(applyId);
      expect(await todo(B)).toContain(applyId);
      expect(await status('flowAudit/flowAudit', { applyId }, as(A))).toBe(Status.forbidden);
      expect((await newsOf(B.uid)).at(-1)).toMatchObject({ news_key: 'flowTransmitted' });
      const done = await env().ok('flowAudit/getAuditOrNoAuditList', { auditStatus: 1 }, as(A));
      expect(done.list.find((i) => i.applyId === applyId)?.myAction).toBe('transmit');

      // Assigning needs its permission; the owner holds every one.
      expect(await status('flowAudit/flowAuditAssign', { applyId, uidList: [C.uid] }, as(B))).toBe(Status.forbidden);
      await env().ok('flowAudit/flowAuditAssign', { applyId, uidList: [C.uid, D.uid], note: 'both of you' }, as(owner));
      expect(await todo(B)).not.toContain(applyId);
      const d = await detail(applyId);
      expect(d.currentAuditors.map((p) => p.uid).sort()).toEqual([C.uid, D.uid].sort());
      expect(d.history.map((h) => h.action)).toEqual(['submit', 'transmit', 'assign']);
      expect(d.history[2]?.comment).toBe('both of you');
      // The step's rule (all) applies to whom it was assigned.
      await env().ok('flowAudit/flowAudit', { applyId }, as(C));
      expect((await detail(applyId)).state).toBe('pending');
      await env().ok('flowAudit/flowAudit', { applyId, comment: 'ok' }, as(D));
      const row = await db()
        .selectFrom('space_applications')
        .select(['status', 'sid', 'reviewer_uid'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'approved', reviewer_uid: D.uid, sid: expect.any(String) });
      expect((await newsOf(M.uid)).at(-1)).toMatchObject({ news_key: 'spaceApplyApprovedWithNote' });
    });

    it('keeps transmit and assign to those who may audit the type once its auditor list is set', async () => {
      const [A, B, F, M] = [a.A, a.B, a.F, a.M] as Who[];
      const rel = await env().ok(
        'applyTypeAuthRel/saveApplyTypeAuthRel',
        { applyType: 'spaceBusiness', uidList: [B.uid] },
        as(owner),
      );
      expect(rel).toMatchObject({ applyType: 'spaceBusiness', stepNum: 1, auditors: [{ authType: 1, id: B.uid }] });
      await setFlow('spaceBusiness', [{ name: 'Check', rule: 'any', uidList: [A.uid] }]);
      const { applyId } = await spaceApplication(M);
      const refused = await call('flowAudit/flowAuditTransmit', { applyId, uid: F.uid, note: 'x' }, as(A, demo, 'en'));
      expect(refused.status).toBe(Status.conflict);
      expect(refused.msg).toBe('"Auditor F" may not audit this kind of application');
      await env().ok('flowAudit/flowAuditTransmit', { applyId, uid: B.uid, note: 'x' }, as(A));
      const list = await env().ok('applyTypeAuthRel/getApplyTypeAuthRelList', {}, as(owner));
      expect(list.map((r) => r.applyType)).toContain('memberJoin');
      expect(list.find((r) => r.applyType === 'spaceBusiness')?.pendingNum).toBeGreaterThan(0);
      await env().ok('applyTypeAuthRel/saveApplyTypeAuthRel', { applyType: 'spaceBusiness' }, as(owner));
      await env().ok('flowAudit/noPassFlowAudit', { applyId, reason: 'not now' }, as(B));
    });
  });

  describe('ending', () => {
    it('a rejection needs a reason, ends the application and runs the area’s hook', async () => {
      const [A, M] = [a.A, a.M] as Who[];
      await setFlow('spaceBusiness', [
        { name: 'One', rule: 'any', uidList: [A.uid] },
        { name: 'Two', rule: 'any', uidList: [owner.uid] },
      ]);
      const { applyId, id } = await spaceApplication(M);
      expect(await status('flowAudit/noPassFlowAudit', { applyId, reason: '  ' }, as(A))).toBe(Status.invalidInput);
      const res = await env().ok('flowAudit/noPassFlowAudit', { applyId, reason: 'quota too large' }, as(A));
      expect(res).toMatchObject({ state: 'rejected', stepIndex: 1 });
      const row = await db()
        .selectFrom('space_applications')
        .select(['status', 'note', 'sid'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'rejected', note: 'quota too large', sid: null });
      expect(await todo(owner)).not.toContain(applyId);
      const news = await env().ok('news/getMyNewsList', {}, as(M, demo, 'en'));
      expect(news.list[0]).toMatchObject({ content: expect.stringContaining('Reason: quota too large') });
      const d = await detail(applyId, M);
      expect(d).toMatchObject({ state: 'rejected', reason: 'quota too large' });
      expect(d.steps.map((s) => s.state)).toEqual(['rejected', 'waiting']);
      expect(await status('flowAudit/flowAudit', { applyId }, as(A))).toBe(Status.conflict);
    });

    it('the applicant withdraws; the waiting auditors are told; nobody else may withdraw', async () => {
      const [A, M, N] = [a.A, a.M, a.N] as Who[];
      await setFlow('spaceBusiness', [{ name: 'One', rule: 'any', uidList: [A.uid] }]);
      const { applyId, id } = await spaceApplication(M);
      expect(await status('flowAudit/withdrawApply', { applyId }, as(A))).toBe(Status.forbidden);
      // Another member does not even see it.
      expect(await status('flowAudit/getApplyDetail', { applyId }, as(N))).toBe(Status.notFound);
      const mine = await env().ok('flowAudit/getMyApplyList', { state: 'pending' }, as(M));
      expect(mine.list.find((i) => i.applyId === applyId)).toMatchObject({
        stepIndex: 1,
        stepNum: 1,
        stepName: 'One',
        currentAuditors: [{ uid: A.uid, name: 'Auditor A' }],
      });
      env().advance(1);
      await env().ok('flowAudit/withdrawApply', { applyId, note: 'changed my mind' }, as(M));
      expect(await todo(A)).not.toContain(applyId);
      expect((await newsOf(A.uid)).at(-1)).toMatchObject({ news_key: 'flowWithdrawn' });
      const row = await db()
        .selectFrom('space_applications')
        .select(['status', 'note'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'rejected', note: 'changed my mind' });
      expect((await detail(applyId, M)).state).toBe('withdrawn');
    });
  });

  describe('flow edits', () => {
    it('never touch applications in flight', async () => {
      const [A, B, M] = [a.A, a.B, a.M] as Who[];
      await setFlow('spaceBusiness', [
        { name: 'One', rule: 'any', uidList: [A.uid] },
        { name: 'Two', rule: 'any', uidList: [B.uid] },
      ]);
      const inFlight = await spaceApplication(M);
      const steps = await env().ok('flowSettingDefault/getFlowStepList', { applyType: 'spaceBusiness' }, as(owner));
      // Edit everything: rename and move the second step first, change its auditors, remove the other, add one.
      const [one, two] = steps;
      await env().ok(
        'flowSettingDefault/updateFlowSettingDefault',
        { stepId: two?.stepId, name: 'Second first', rule: 'all', skipApplicant: 0, sort: 1 },
        as(owner),
      );
      await env().ok(
        'flowSettingDefaultAuditorRel/updateFlowSettingDefaultAuditor',
        { stepId: two?.stepId, uidList: [owner.uid] },
        as(owner),
      );
      await env().ok(
        'flowSettingDefault/deleteFlowSettingDefault',
        { applyType: 'spaceBusiness', stepId: one?.stepId },
        as(owner),
      );
      const added = await env().ok(
        'flowSettingDefault/saveFlowSettingDefault',
        { applyType: 'spaceBusiness', name: 'New', uidList: [a.F?.uid] },
        as(owner),
      );
      const now = await env().ok('flowSettingDefault/getFlowStepList', { applyType: 'spaceBusiness' }, as(owner));
      expect(now.map((s) => [s.sort, s.name, s.stepId])).toEqual([
        [1, 'Second first', two?.stepId],
        [2, 'New', added.stepId],
      ]);
      // The application keeps its flow: A, then B.
      const before = await detail(inFlight.applyId);
      expect(before.steps.map((s) => s.name)).toEqual(['One', 'Two']);
      expect(before.currentAuditors.map((p) => p.uid)).toEqual([A.uid]);
      await env().ok('flowAudit/flowAudit', { applyId: inFlight.applyId }, as(A));
      expect((await detail(inFlight.applyId)).currentAuditors.map((p) => p.uid)).toEqual([B.uid]);
      await env().ok('flowAudit/flowAudit', { applyId: inFlight.applyId }, as(B));
      expect((await detail(inFlight.applyId)).state).toBe('passed');
      // A new one takes the new flow.
      const fresh = await spaceApplication(M);
      const d = await detail(fresh.applyId);
      expect(d.steps.map((s) => s.name)).toEqual(['Second first', 'New']);
      expect(d.currentAuditors.map((p) => p.uid)).toEqual([owner.uid]);
      await env().ok('flowAudit/noPassFlowAudit', { applyId: fresh.applyId, reason: 'tidy up' }, as(owner));
    });

    it('validates steps: auditors needed, at most ten, another property’s objects not found', async () => {
      const input = { applyType: 'terminal', name: 'X' };
      expect(await status('flowSettingDefault/saveFlowSettingDefault', input, as(owner))).toBe(Status.invalidInput);
      expect(
        await status('flowSettingDefault/saveFlowSettingDefault', { ...input, uidList: [operator.uid] }, as(owner)),
      ).toBe(Status.notFound);
      const foreignTitle = (await env().ok('t/addOrUpdateTitle', { name: 'Partner reviewers' }, as(operator, partner)))
        .tid;
      expect(
        await status('flowSettingDefault/saveFlowSettingDefault', { ...input, tidList: [foreignTitle] }, as(owner)),
      ).toBe(Status.notFound);
      for (let i = 0; i < 10; i++) {
        await env().ok('flowSettingDefault/saveFlowSettingDefault', { ...input, oidList: [`root-${demo}`] }, as(owner));
      }
      expect(
        await status('flowSettingDefault/saveFlowSettingDefault', { ...input, uidList: [owner.uid] }, as(owner)),
      ).toBe(Status.conflict);
      const flow = await env().ok('flowSettingDefault/getFlowSettingDefault', { applyType: 'terminal' }, as(owner));
      expect(flow.steps).toHaveLength(10);
      expect(flow.steps[0]?.auditors[0]).toMatchObject({ authType: 4, name: '演示物业' });
      await env().ok('flowSettingDefault/deleteFlowSettingDefault', { applyType: 'terminal' }, as(owner));
      const builtIn = await env().ok('flowSettingDefault/getFlowSettingDefault', { applyType: 'terminal' }, as(owner));
      expect(builtIn).toMatchObject({ builtIn: 1, flowId: null, steps: [], permission: 'terminals.list.edit' });
      // Settings need their permission.
      expect(await status('flowSettingDefault/getFlowStepList', { applyType: 'terminal' }, as(a.A as Who))).toBe(
        Status.forbidden,
      );
      const person = await env().ok('flowSettingDefault/getAuditorDetail', { authType: 2, value: tid }, as(owner));
      expect(person.users.map((u) => u.uid).sort()).toEqual([a.C?.uid, a.D?.uid].sort());
      expect(await status('flowSettingDefault/getAuditorDetail', { authType: 2, value: foreignTitle }, as(owner))).toBe(
        Status.notFound,
      );
    });
  });

  describe('at the same time', () => {
    it('two auditors of an any-step: one result, the other told; the space is made once', async () => {
      const [A, B, M] = [a.A, a.B, a.M] as Who[];
      await setFlow('spaceBusiness', [{ name: 'Any', rule: 'any', uidList: [A.uid, B.uid] }]);
      for (let round = 0; round < 3; round++) {
        const { applyId, id } = await spaceApplication(M);
        const results = await Promise.all([
          call('flowAudit/flowAudit', { applyId }, as(A)),
          call('flowAudit/noPassFlowAudit', { applyId, reason: 'no' }, as(B)),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([0, Status.conflict]);
        const d = await detail(applyId);
        expect(d.history.filter((h) => h.action === 'pass' || h.action === 'reject')).toHaveLength(1);
        const spaces = await db().selectFrom('space_applications').select('sid').where('id', '=', id).execute();
        expect(spaces[0]?.sid === null).toBe(d.state === 'rejected');
      }
    });

    it('two auditors of an all-step both count, and the step passes once', async () => {
      const [A, B, C, M] = [a.A, a.B, a.C, a.M] as Who[];
      await setFlow('spaceBusiness', [
        { name: 'All', rule: 'all', uidList: [A.uid, B.uid] },
        { name: 'Last', rule: 'any', uidList: [C.uid] },
      ]);
      const { applyId } = await spaceApplication(M);
      const results = await Promise.all([
        call('flowAudit/flowAudit', { applyId }, as(A)),
        call('flowAudit/flowAudit', { applyId }, as(B)),
      ]);
      expect(results.map((r) => r.status)).toEqual([0, 0]);
      const d = await detail(applyId);
      expect(d.history.map((h) => h.action)).toEqual(['submit', 'pass', 'pass', 'stepPassed']);
      expect(d.currentAuditors.map((p) => p.uid)).toEqual([C.uid]);
      // A stale version is refused rather than acted on again.
      expect(await status('flowAudit/flowAudit', { applyId, version: d.version - 1 }, as(C))).toBe(Status.conflict);
      await env().ok('flowAudit/flowAudit', { applyId, version: d.version }, as(C));
    });
  });

  describe('lists', () => {
    it('filters the to-do list by type, applicant and time, pages it from both ends, and counts it', async () => {
      const [F, M, N] = [a.F, a.M, a.N] as Who[];
      await setFlow('spaceBusiness', [{ name: 'F', rule: 'any', uidList: [F.uid] }]);
      await setFlow('memberJoin', [{ name: 'F', rule: 'any', uidList: [F.uid] }]);
      const start = env().now() + 1;
      const mine: string[] = [];
      for (let i = 0; i < 5; i++) mine.unshift((await spaceApplication(i % 2 ? M : N)).applyId);
      const join = await joinRequest('Listed joiner');
      const all = await env().ok('flowAudit/getAuditOrNoAuditList', { startTime: start }, as(F));
      expect(all.total).toBe(6);
      expect(all.list.map((i) => i.applyId)).toEqual([join.applyId, ...mine]);
      expect((await env().ok('flowAudit/getAuditOrNoAuditList', {}, as(F))).total).toBeGreaterThanOrEqual(6);
      const spaces = await env().ok(
        'flowAudit/getAuditOrNoAuditList',
        { applyType: 'spaceBusiness', startTime: start },
        as(F),
      );
      expect(spaces.list.map((i) => i.applyId)).toEqual(mine);
      const byM = await env().ok('flowAudit/getAuditOrNoAuditList', { applicantUid: M.uid, startTime: start }, as(F));
      expect(byM.total).toBe(2);
      const byName = await env().ok('flowAudit/getAuditOrNoAuditList', { str: 'listed', startTime: start }, as(F));
      expect(byName.list.map((i) => i.applyId)).toEqual([join.applyId]);
      const paged = [];
      for (let p = 1; p <= 3; p++) {
        const page = await env().ok(
          'flowAudit/getAuditOrNoAuditList',
          { startTime: start, pageNum: p, pageSize: 2 },
          as(F),
        );
        paged.push(...page.list.map((i) => i.applyId));
      }
      expect(paged).toEqual(all.list.map((i) => i.applyId));
      const every = await env().ok('flowAudit/getApplyList', { state: 'pending', startTime: start }, as(owner));
      expect(every.total).toBe(6);
      expect(await status('flowAudit/getApplyList', {}, as(F))).toBe(Status.forbidden);
      // The organisation's own call acts like the engine's: the owner does not wait on F's step.
      const old = { idList: [join.requestId], pass: 0, remark: 'no' };
      expect(await status('o/auditInviteOrgUser', old, as(owner))).toBe(Status.forbidden);
      await env().ok('flowAudit/noPassFlowAudit', { applyId: join.applyId, reason: 'no' }, as(F));
      expect(await todo(F)).not.toContain(join.applyId);
      expect((await newsOf(join.user.uid)).at(-1)).toMatchObject({ news_key: 'joinDeclinedWithNote' });
      for (const applyId of mine) await env().ok('flowAudit/noPassFlowAudit', { applyId, reason: 'done' }, as(F));
      const counts = await db().selectFrom('flow_todo_counts').select(['uid', 'n']).where('pno', '=', demo).execute();
      // The kept counts equal the rows they count.
      for (const c of counts) {
        const rows = await db()
          .selectFrom('flow_pending')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('pno', '=', demo)
          .where('uid', '=', c.uid)
          .executeTakeFirstOrThrow();
        const kept = counts.filter((x) => x.uid === c.uid).reduce((sum, x) => sum + Number(x.n), 0);
        expect(kept, c.uid).toBe(Number(rows.n));
      }
    });
  });

  describe('the applicant in the personal scope', () => {
    it('follows their own applications without being a member: progress, the reason, withdrawal', async () => {
      const F = a.F as Who;
      await setFlow('memberJoin', [
        { name: 'F first', rule: 'any', uidList: [F.uid] },
        { name: 'Then A', rule: 'any', uidList: [a.A?.uid] },
      ]);
      const join = await joinRequest('Personal joiner');
      const me = { token: join.user.token }; // no pno: not a member of the demo property
      expect(await status('flowAudit/getMyApplyList', {}, { ...me, pno: demo })).toBe(Status.notFound);
      const mine = async (input: Record<string, unknown> = {}) => env().ok('flowAudit/getMyApplyListByUser', input, me);
      const first = await mine();
      expect(first.total).toBe(1);
      expect(first.list[0]).toMatchObject({
        applyId: join.applyId,
        pno: demo,
        state: 'pending',
        stepIndex: 1,
        stepNum: 2,
        stepName: 'F first',
        currentAuditors: [{ uid: F.uid, name: F.name }],
      });
      expect(first.list[0]?.propertyName).toBeTruthy();
      await env().ok('flowAudit/flowAudit', { applyId: join.applyId }, as(F));
      expect((await mine()).list[0]).toMatchObject({ stepIndex: 2, stepName: 'Then A' });
      await env().ok('flowAudit/noPassFlowAudit', { applyId: join.applyId, reason: 'not now' }, as(a.A as Who));
      const rejected = await mine({ state: 'rejected' });
      expect(rejected.list.map((i) => [i.applyId, i.state, i.reason])).toEqual([[join.applyId, 'rejected', 'not now']]);
      expect((await mine({ state: 'pending' })).total).toBe(0);
      const full = await env().ok('flowAudit/getMyApplyDetailByUser', { applyId: join.applyId }, me);
      expect(full.steps.map((st) => st.state)).toEqual(['passed', 'rejected']);
      expect(full.history.at(-1)).toMatchObject({ action: 'reject', comment: 'not now' });
      expect(full.can).toEqual({ pass: 0, reject: 0, transmit: 0, assign: 0, withdraw: 0 });

      // A second request, withdrawn by its applicant in the personal scope; nobody else reaches it there.
      env().advance(1);
      const again = await env().ok('o/applyJoinProperty', { pno: demo, remark: 'again' }, me);
      const next = (await mine({ state: 'pending' })).list[0];
      expect(next?.subjectId).toBe(again.id);
      const applyId = next?.applyId as string;
      expect(await status('flowAudit/getMyApplyDetailByUser', { applyId }, { token: F.token })).toBe(Status.notFound);
      expect(await status('flowAudit/withdrawApplyByUser', { applyId }, { token: F.token })).toBe(Status.notFound);
      const stale = { applyId, version: (next?.version ?? 0) + 1 };
      expect(await status('flowAudit/withdrawApplyByUser', stale, me)).toBe(Status.conflict);
      const gone = await env().ok('flowAudit/withdrawApplyByUser', { applyId, note: 'changed my mind' }, me);
      expect(gone.state).toBe('withdrawn');
      const request = await db()
        .selectFrom('org_requests')
        .select('status')
        .where('id', '=', again.id)
        .executeTakeFirst();
      expect(request?.status).toBe('revoked');
      expect(await todo(F)).not.toContain(applyId);
      expect((await mine()).list.map((i) => i.state)).toEqual(['withdrawn', 'rejected']);
    });
  });

  describe('batches', () => {
    it('pass and reject each application at the version the caller saw and answer each one’s result', async () => {
      const F = a.F as Who;
      await setFlow('memberJoin', [{ name: 'F', rule: 'any', uidList: [F.uid] }]);
      const [j1, j2, j3, j4] = [
        await joinRequest('Batch one'),
        await joinRequest('Batch two'),
        await joinRequest('Batch three'),
        await joinRequest('Batch four'),
      ];
      const version = async (applyId: string) => (await detail(applyId)).version;
      const seen3 = await version(j3.applyId);
      await env().ok('flowAudit/noPassFlowAudit', { applyId: j3.applyId, reason: 'first' }, as(F));
      const items = [
        { applyId: j1.applyId, version: await version(j1.applyId) },
        { applyId: j2.applyId, version: (await version(j2.applyId)) + 7 },
        { applyId: j3.applyId, version: seen3 },
      ];
      const res = await env().ok('flowAudit/flowAuditBatch', { items, comment: 'ok' }, as(F, demo, 'en'));
      expect(res.list.map((i) => [i.applyId, i.status, i.state])).toEqual([
        [j1.applyId, 0, 'passed'],
        [j2.applyId, Status.conflict, null],
        [j3.applyId, Status.conflict, null],
      ]);
      expect(res.list[2]?.msg).toBe('This application has already ended; nothing more can be done to it');
      expect([res.doneNum, res.failNum]).toEqual([1, 2]);
      expect((await detail(j2.applyId)).state).toBe('pending');

      // Two batches at once on the same version: one acts, the other is told it is stale.
      const both = [{ applyId: j2.applyId, version: await version(j2.applyId) }];
      const [x, y] = await Promise.all([
        env().ok('flowAudit/flowAuditBatch', { items: both }, as(F)),
        env().ok('flowAudit/noPassFlowAuditBatch', { items: both, reason: 'race' }, as(F)),
      ]);
      expect([x.doneNum, y.doneNum].sort()).toEqual([0, 1]);
      expect([...x.list, ...y.list].map((i) => i.status).sort()).toEqual([0, Status.conflict].sort());
      const history = (await detail(j2.applyId)).history.map((h) => h.action);
      expect(history.filter((h) => h === 'pass' || h === 'reject')).toHaveLength(1);

      // A rejection needs its reason; someone else's turn is that item's refusal.
      const four = [{ applyId: j4.applyId, version: await version(j4.applyId) }];
      expect(await status('flowAudit/noPassFlowAuditBatch', { items: four }, as(F))).toBe(Status.invalidInput);
      const notMine = await env().ok('flowAudit/noPassFlowAuditBatch', { items: four, reason: 'x' }, as(a.A as Who));
      expect(notMine.list[0]?.status).toBe(Status.forbidden);
      const rejected = await env().ok('flowAudit/noPassFlowAuditBatch', { items: four, reason: 'no' }, as(F));
      expect(rejected.list[0]).toMatchObject({ status: 0, state: 'rejected' });
      expect((await detail(j4.applyId)).reason).toBe('no');
    });
  });

  describe('an auditor who leaves the property', () => {
    it('stands down: others go on, a step left with nobody is resolved again, else the administrators take it', async () => {
      const stays = await memberOfDemo('Stays');
      const leaves = await memberOfDemo('Leaves');
      await setFlow('memberJoin', [
        { name: 'Either', rule: 'any', uidList: [stays.uid, leaves.uid] },
        { name: 'Only', rule: 'all', uidList: [leaves.uid] },
      ]);
      const one = await joinRequest('Leaver one');
      const two = await joinRequest('Leaver two');
      await env().ok('flowAudit/flowAudit', { applyId: two.applyId }, as(stays));
      expect(await todo(leaves)).toEqual(expect.arrayContaining([one.applyId, two.applyId]));
      const before = (await detail(two.applyId)).version;

      await env().ok('o/delOrgUser', { oid: `root-${demo}`, uid: leaves.uid }, as(owner));
      const waiting = await db().selectFrom('flow_pending').select('apply_id').where('uid', '=', leaves.uid).execute();
      expect(waiting).toEqual([]);
      const counts = await db().selectFrom('flow_todo_counts').select('n').where('uid', '=', leaves.uid).execute();
      expect(counts.every((c) => Number(c.n) === 0)).toBe(true);

      // Step 1 (any): the other auditor still waits; the history says who left.
      const first = await detail(one.applyId);
      expect(first.currentAuditors.map((p) => p.uid)).toEqual([stays.uid]);
      expect(first.history.at(-1)).toMatchObject({ action: 'leave', actorUid: leaves.uid, targets: [] });

      // Step 2 named only the leaver: the built-in auditors (the owner, holding the permission) take it and are told.
      const second = await detail(two.applyId);
      expect(second.version).toBe(before + 1);
      expect(second.currentAuditors.map((p) => p.uid)).toContain(owner.uid);
      expect(second.history.at(-1)).toMatchObject({ action: 'leave', actorUid: leaves.uid });
      expect(second.history.at(-1)?.targets.map((p) => p.uid)).toContain(owner.uid);
      const told = (await newsOf(owner.uid)).filter((n) => n.news_key === 'flowToDo' && n.link?.includes(two.applyId));
      expect(told).toHaveLength(1);
      const last = await env().ok('flowAudit/flowAudit', { applyId: two.applyId }, as(owner));
      expect(last.state).toBe('passed');
      await env().ok('flowAudit/noPassFlowAudit', { applyId: one.applyId, reason: 'tidy' }, as(stays));
    });
  });

  describe("the areas' own review calls", () => {
    it('act like the engine: the waiting auditor’s pass counts by the step’s rule, others wait their turn', async () => {
      const [A, B, C] = [a.A, a.B, a.C] as Who[];
      await setFlow('memberJoin', [
        { name: 'A', rule: 'any', uidList: [A.uid] },
        { name: 'Both', rule: 'all', uidList: [owner.uid, B.uid] },
      ]);
      const join = await joinRequest('Legacy joiner');
      const decide = { idList: [join.requestId], pass: 1, remark: 'seen' };
      // The owner may manage members but does not wait on step 1: refused, nothing changes.
      expect(await status('o/auditInviteOrgUser', decide, as(owner))).toBe(Status.forbidden);
      expect((await detail(join.applyId)).history.map((h) => h.action)).toEqual(['submit']);
      await env().ok('flowAudit/flowAudit', { applyId: join.applyId }, as(A));
      // Step 2 needs everyone: the owner's approval through the organisation's call is their pass, B still waits.
      expect(await env().ok('o/auditInviteOrgUser', decide, as(owner))).toEqual({ changed: 1, waiting: 1 });
      const mid = await detail(join.applyId);
      expect([mid.state, mid.stepIndex, mid.currentAuditors.map((p) => p.uid)]).toEqual(['pending', 2, [B.uid]]);
      expect(mid.history.at(-1)).toMatchObject({ action: 'pass', actorUid: owner.uid, comment: 'seen' });
      expect(await status('o/auditInviteOrgUser', decide, as(owner))).toBe(Status.conflict); // already acted
      expect((await env().ok('flowAudit/flowAudit', { applyId: join.applyId }, as(B))).state).toBe('passed');

      // A property without its own flow: the built-in step is the area's administrators — the owner decides it.
      await setFlow('memberJoin', []);
      const plain = await joinRequest('Built-in joiner');
      const answer = await env().ok('o/auditInviteOrgUser', { idList: [plain.requestId], pass: 1 }, as(owner));
      expect(answer).toEqual({ changed: 1, waiting: 0 });
      expect((await detail(plain.applyId)).state).toBe('passed');
      // The owner waits on the built-in step: acting through the area's call is their own pass (history, done list).
      const done = await env().ok('flowAudit/getAuditOrNoAuditList', { auditStatus: 1 }, as(owner));
      expect(done.list.map((i) => i.applyId)).toContain(plain.applyId);

      // A space application on a two-step flow: the space administrator waiting on step 1 passes only that step.
      await setFlow('spaceBusiness', [
        { name: 'Owner', rule: 'any', uidList: [owner.uid] },
        { name: 'C', rule: 'any', uidList: [C.uid] },
      ]);
      const space = await spaceApplication(A);
      const first = await env().ok('space/reviewSpaceApply', { id: space.id, pass: 1 }, as(owner));
      expect(first).toEqual({ sid: null, state: 'pending' });
      // The owner no longer waits (step 2 is C's): the area call is refused like any action out of turn.
      expect(await status('space/reviewSpaceApply', { id: space.id, pass: 1 }, as(owner))).toBe(Status.forbidden);
      const last = await env().ok('flowAudit/flowAudit', { applyId: space.applyId }, as(C));
      expect(last.state).toBe('passed');
      await setFlow('spaceBusiness', []);
    });
  });

  describe("another property's objects", () => {
    it('answers not found and changes nothing', async () => {
      // Someone asks to join the partner property: an application of the partner's.
      const stranger = await env().register(freshPhone(), 'Stranger');
      const req = await env().ok('o/applyJoinProperty', { pno: partner }, { token: stranger.token });
      const row = await db()
        .selectFrom('flow_applications')
        .select(['apply_id', 'version'])
        .where('subject_id', '=', req.id)
        .executeTakeFirstOrThrow();
      for (const [path, input] of [
        ['flowAudit/flowAudit', { applyId: row.apply_id }],
        ['flowAudit/noPassFlowAudit', { applyId: row.apply_id, reason: 'x' }],
        ['flowAudit/flowAuditTransmit', { applyId: row.apply_id, uid: a.A?.uid, note: 'x' }],
        ['flowAudit/flowAuditAssign', { applyId: row.apply_id, uidList: [a.A?.uid] }],
        ['flowAudit/withdrawApply', { applyId: row.apply_id }],
        ['flowAudit/getApplyDetail', { applyId: row.apply_id }],
      ] as const) {
        expect(await status(path, input, as(owner)), path).toBe(Status.notFound);
      }
      const same = await db()
        .selectFrom('flow_applications')
        .select(['apply_id', 'version'])
        .where('apply_id', '=', row.apply_id)
        .executeTakeFirstOrThrow();
      expect(same).toEqual(row);
      // The partner's owner (the operator) has it to do there, not in the demo property.
      const theirs = await env().ok('flowAudit/getAuditOrNoAuditList', {}, as(operator, partner));
      expect(theirs.list.map((i) => i.applyId)).toContain(row.apply_id);
      expect((await env().ok('flowAudit/getApplyList', {}, as(owner))).list.map((i) => i.applyId)).not.toContain(
        row.apply_id,
      );
      await env().ok('flowAudit/noPassFlowAudit', { applyId: row.apply_id, reason: 'no' }, as(operator, partner));
    });
  });
});
