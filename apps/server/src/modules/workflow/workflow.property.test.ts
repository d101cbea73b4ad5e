import type { EndpointPath } from '@keel/contract/endpoints/index';
import type { ApplyDetail, FlowHistoryEntry } from '@keel/contract/endpoints/workflow';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshPhone } from '../../test/harness';
import { submitApplication } from './service';

/**
 * The engine as a state machine under generated use: a generated flow (one to three steps, each `any` or
 * `all` over some of six members, some skipping an applicant who audits them), an application by one of them, and a
 * generated sequence of passes, rejections, transmits, assigns and withdrawals by generated actors — some of them two
 * at once. After every action the application's detail is read and these hold:
 * - a finished application never changes again, and every action on it is refused;
 * - a refused action changes nothing; a successful one appends its own entry, by its actor;
 * - the history is append-only (each read extends the last) and numbered 1…n without gaps;
 * - each step passes only by its rule: replaying the history, a pass comes from someone waiting at that step, an
 *   `any` step passes after one pass, an `all` step only when nobody waits any more; a step is skipped only when it
 *   skips an applicant who audits it;
 * - concurrent passes never skip a step: the history enters steps in order, each step passes at most once, and a
 *   passed application passed every step;
 * - the waiting auditors the lists show are exactly those the replay leaves waiting, and the kept to-do counts equal
 *   the waiting rows.
 */
const RUNS = Number(process.env.WORKFLOW_PROPERTY_RUNS ?? 40);
const SEED = Number(process.env.WORKFLOW_PROPERTY_SEED ?? 20_260_909);

interface Who {
  token: string;
  uid: string;
}

type Kind = 'pass' | 'reject' | 'transmit' | 'withdraw' | 'assign';
interface Step {
  rule: 'any' | 'all';
  skip: 0 | 1;
  auditors: number[];
}
interface Action {
  kind: Kind;
  actor: number;
  target: number;
  targets: number[];
  /** Fired together with the next action. */
  together: boolean;
  /** Taken by one of those waiting at the step (`actor` picks which), or (withdraw) by the applicant. */
  informed: boolean;
}

const POOL = 6;
const member = fc.integer({ min: 0, max: POOL - 1 });
const scenario = fc.record({
  steps: fc.array(
    fc.record({
      rule: fc.constantFrom<'any' | 'all'>('any', 'all'),
      skip: fc.constantFrom<0 | 1>(0, 1),
      auditors: fc.uniqueArray(member, { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  applicant: member,
  actions: fc.array(
    fc.record({
      kind: fc.constantFrom<Kind>('pass', 'pass', 'pass', 'reject', 'transmit', 'withdraw', 'assign'),
      actor: member,
      target: member,
      targets: fc.uniqueArray(member, { minLength: 1, maxLength: 2 }),
      together: fc.boolean(),
      informed: fc.constantFrom(true, true, true, false),
    }),
    { minLength: 1, maxLength: 12 },
  ),
});

describeEachDb('workflow: generated action sequences', (env) => {
  let owner: Who;
  let demo: string;
  const people: Who[] = [];
  const db = () => env().app.keel.db.withoutPlugins();
  const as = (who: Who): CallOptions => ({ token: who.token, pno: demo });
  const call = <P extends EndpointPath>(path: P, input: Record<string, unknown>, who: Who) =>
    env().call(path, input, as(who));

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const me = await env().login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    owner = { token: me.token, uid: me.uid };
    demo = (me.propertyList[0] as { pno: string }).pno;
    for (let i = 0; i < POOL; i++) {
      const user = await env().register(freshPhone(), `Generated ${i}`);
      env().advance(1);
      await addMember(env().app.keel.db, demo, user.uid, 'member', env().now());
      people.push({ token: user.token, uid: user.uid });
    }
  });

  it('keeps every invariant under generated flows, actors and actions (some at once)', {
    timeout: 300_000,
  }, async () => {
    let runs = 0;
    const tally: Record<string, number> = {};
    const count = (key: string) => {
      tally[key] = (tally[key] ?? 0) + 1;
    };
    await fc.assert(
      fc.asyncProperty(scenario, async ({ steps, applicant, actions }) => {
        runs += 1;
        // The flow, as the owner configures it.
        await call('flowSettingDefault/deleteFlowSettingDefault', { applyType: 'appShelf' }, owner);
        for (const step of steps) {
          const res = await call(
            'flowSettingDefault/saveFlowSettingDefault',
            {
              applyType: 'appShelf',
              name: 'Generated',
              rule: step.rule,
              skipApplicant: step.skip,
              uidList: step.auditors.map((i) => people[i]?.uid),
            },
            owner,
          );
          expect(res.status, res.msg).toBe(0);
        }
        env().advance(1);
        const who = people[applicant] as Who;
        const { applyId } = await submitApplication(env().app.keel, {
          pno: demo,
          applyType: 'appShelf',
          applicantUid: who.uid,
          subjectId: null,
          subjectName: 'Generated application',
          snapshot: { run: runs },
        });
        let last = await read(applyId);
        check(last, steps, who.uid);

        for (let i = 0; i < actions.length; i++) {
          const batch = [actions[i] as Action];
          if (batch[0]?.together && i + 1 < actions.length) batch.push(actions[++i] as Action);
          env().advance(1);
          const waiting = last.currentAuditors
            .map((p) => people.findIndex((x) => x.uid === p.uid))
            .filter((x) => x >= 0);
          const results = await Promise.all(batch.map((a) => perform(applyId, a, waiting, applicant)));
          const now = await read(applyId);
          // Append-only: the last read is a prefix of this one.
          expect(now.history.slice(0, last.history.length)).toEqual(last.history);
          const succeeded = results.filter((r) => r.status === 0);
          for (const r of succeeded) count(`ok ${r.kind}`);
          if (batch.length > 1) count(succeeded.length === 2 ? 'pairs both applied' : 'pairs one or none applied');
          if (last.state !== 'pending') {
            // Finished: refused, and nothing changed.
            expect(succeeded).toEqual([]);
            expect(now).toEqual(last);
          }
          if (succeeded.length === 0) expect(now).toEqual(last);
          // Each success wrote its own entry by its actor, after the last read.
          const added = now.history.slice(last.history.length);
          for (const r of succeeded) {
            expect(
              added.some((h) => h.action === r.kind && h.actorUid === r.actor),
              JSON.stringify(r),
            ).toBe(true);
          }
          expect(added.filter((h) => h.actorUid !== null && h.action !== 'submit')).toHaveLength(succeeded.length);
          check(now, steps, who.uid);
          last = now;
        }
        count(`ended ${last.state}`);
        // Close it so the next run starts from nothing waiting.
        if (last.state === 'pending') {
          const res = await call('flowAudit/withdrawApply', { applyId }, who);
          expect(res.status, res.msg).toBe(0);
        }
        await checkCounts();
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.info(`workflow property [${env().dialect}]: ${runs} generated sequences`, JSON.stringify(tally));
  });

  async function perform(applyId: string, a: Action, waiting: number[], applicant: number) {
    const pick =
      a.informed && a.kind === 'withdraw'
        ? applicant
        : a.informed && waiting.length > 0
          ? (waiting[a.actor % waiting.length] as number)
          : a.actor;
    const actor = people[pick] as Who;
    const base = { applyId };
    let res: { status: number; msg: string };
    let by = actor.uid;
    switch (a.kind) {
      case 'pass':
        res = await call('flowAudit/flowAudit', base, actor);
        break;
      case 'reject':
        res = await call('flowAudit/noPassFlowAudit', { ...base, reason: 'generated' }, actor);
        break;
      case 'transmit':
        res = await call(
          'flowAudit/flowAuditTransmit',
          { ...base, uid: people[a.target]?.uid, note: 'generated' },
          actor,
        );
        break;
      case 'withdraw':
        res = await call('flowAudit/withdrawApply', base, actor);
        break;
      case 'assign':
        by = owner.uid;
        res = await call(
          'flowAudit/flowAuditAssign',
          { ...base, uidList: a.targets.map((i) => people[i]?.uid) },
          owner,
        );
        break;
    }
    // Every refusal is a translated business answer, never a crash.
    expect(res.status === 0 || String(res.status).startsWith('1001100504'), res.msg).toBe(true);
    return { status: res.status, kind: a.kind, actor: by };
  }

  async function read(applyId: string): Promise<ApplyDetail> {
    const res = await call('flowAudit/getApplyDetail', { applyId }, owner);
    expect(res.status, res.msg).toBe(0);
    return res.data;
  }

  /** Replays the history against the flow and compares what it leaves with what the engine shows. */
  function check(d: ApplyDetail, steps: Step[], applicantUid: string) {
    const h = d.history;
    expect(h.map((e) => e.seq)).toEqual(h.map((_, i) => i + 1));
    expect(h[0]?.action).toBe('submit');
    let step = 0;
    let waiting = new Set<string>();
    let passes: string[] = [];
    const passedSteps = new Set<number>();
    const enter = (e: FlowHistoryEntry) => {
      waiting = new Set(e.targets.map((t) => t.uid));
      passes = [];
    };
    for (const [i, e] of h.entries()) {
      const next = h[i + 1];
      switch (e.action) {
        case 'submit':
        case 'stepPassed':
        case 'skip':
        case 'fallback': {
          if (e.action === 'stepPassed') {
            expect(e.stepIndex).toBe(step);
            expect(passedSteps.has(step)).toBe(false);
            passedSteps.add(step);
            const rule = steps[step - 1]?.rule;
            // By its rule: any one pass, or nobody left waiting.
            if (rule === 'any') expect(passes.length).toBeGreaterThan(0);
            else expect(waiting.size).toBe(0);
          }
          if (e.action === 'skip') {
            const spec = steps[e.stepIndex - 1] as Step;
            expect(spec.skip).toBe(1);
            expect(spec.auditors.map((x) => people[x]?.uid)).toContain(applicantUid);
            passedSteps.add(e.stepIndex);
          }
          // The step the entry leads into: the next one, never further; a fallback stays at the step it names.
          if (e.action === 'skip' || e.action === 'fallback') expect(e.stepIndex).toBe(step);
          if (e.action !== 'fallback') step += 1;
          if (e.targets.length > 0) {
            enter(e);
            const spec = steps[step - 1] as Step;
            const named = spec.auditors.map((x) => people[x]?.uid as string).filter((u) => u !== applicantUid);
            // A step names its own auditors (but the applicant), or falls back when it names nobody else.
            if (e.action !== 'fallback') expect([...waiting].sort()).toEqual([...named].sort());
          } else if (next && next.action !== 'skip' && next.action !== 'fallback' && next.action !== 'finish') {
            throw new Error(`entry ${e.seq} leads nowhere`);
          }
          break;
        }
        case 'pass':
          expect(e.stepIndex).toBe(step);
          expect(waiting.has(e.actorUid as string), `pass out of turn by ${e.actorUid}`).toBe(true);
          waiting.delete(e.actorUid as string);
          passes.push(e.actorUid as string);
          break;
        case 'transmit':
          expect(waiting.has(e.actorUid as string)).toBe(true);
          waiting.delete(e.actorUid as string);
          for (const t of e.targets) waiting.add(t.uid);
          break;
        case 'assign':
          waiting = new Set(e.targets.map((t) => t.uid));
          break;
        case 'reject':
          expect(waiting.has(e.actorUid as string)).toBe(true);
          waiting = new Set();
          break;
        case 'withdraw':
          expect(e.actorUid).toBe(applicantUid);
          waiting = new Set();
          break;
        case 'finish':
          expect(i).toBe(h.length - 1);
          expect(e.stepIndex).toBe(steps.length);
          waiting = new Set();
          break;
      }
    }
    const last = h.at(-1)?.action;
    const state =
      last === 'finish' ? 'passed' : last === 'reject' ? 'rejected' : last === 'withdraw' ? 'withdrawn' : 'pending';
    expect(d.state).toBe(state);
    if (d.state === 'passed') {
      // Every step passed (or was skipped), once.
      expect([...passedSteps].sort()).toEqual(steps.map((_, i) => i + 1));
    }
    if (d.state === 'pending') expect(d.stepIndex).toBe(step);
    expect(d.currentAuditors.map((p) => p.uid).sort()).toEqual(d.state === 'pending' ? [...waiting].sort() : []);
  }

  async function checkCounts() {
    const counts = await db().selectFrom('flow_todo_counts').select(['uid', 'n']).where('pno', '=', demo).execute();
    const rows = await db()
      .selectFrom('flow_pending')
      .select(['uid', (eb) => eb.fn.countAll<number>().as('n')])
      .where('pno', '=', demo)
      .groupBy('uid')
      .execute();
    const kept = new Map<string, number>();
    for (const c of counts) kept.set(c.uid, (kept.get(c.uid) ?? 0) + Number(c.n));
    for (const r of rows) expect(kept.get(r.uid) ?? 0, r.uid).toBe(Number(r.n));
    for (const [uid, n] of kept) if (!rows.some((r) => r.uid === uid)) expect(n, uid).toBe(0);
  }
});
