import { ROUTED_CMD_OPEN_STATES } from '@keel/contract/endpoints/security-records';
import { appendAudit } from '../../platform/audit/audit-log';
import { newId } from '../../platform/ids';
import type { ActionKind, Command, DeliveredKind } from '../device-action/kinds';
import * as actions from '../device-action/service';
import { insertUseOnce } from './record-repo';
import * as repo from './repo';
import * as routed from './routed-repo';

/**
 * Routed security commands as device actions (modules/device-action, kind `securityCommand`): one campaign per
 * command (`source_id` its `cmd_id`) with one action for its device, given through Keel's commands resource as a
 * command of type `securityCommand` whose payload carries the token, the function's code, the argument and the
 * function's response codes. The device verifies the token offline, runs the function and answers: closed
 * success/failure with the response code as the first line of `details`. This kind judges that answer itself: it ends
 * the action and the command (state, response code, message, times) and records a `use` of the token's nonce (once).
 */

/** How much of what a device says a command keeps. */
const MESSAGE_MAX = 2000;

/** Routed commands as device actions: ahead of the console's commands (a person waits for the answer). */
export const securityCommandActions: ActionKind = {
  kind: 'securityCommand',
  priority: 5,
  // The kind judges every answer and ends the command itself (`judge`); nothing is left to close here.
  async campaignEnded() {},
};

/** The device's answer: a response code of the function (its first line, when it is one) and the rest as message. */
export function answerOf(message: string, codes: readonly string[]): { responseCode: string; message: string } {
  const [first = '', ...rest] = message.split('\n');
  const code = first.trim();
  return codes.includes(code)
    ? { responseCode: code, message: rest.join('\n').trim() }
    : { responseCode: '', message: message.trim() };
}

export const securityCommandActionKind: DeliveredKind = {
  ...securityCommandActions,
  business: 'security',
  messageMax: MESSAGE_MAX,
  delivery: {
    as: 'command',
    async describe(s, tenant, open) {
      const rows = await routed.routedIn(
        s.db,
        tenant,
        open.map((a) => a.source_id),
      );
      const byId = new Map(rows.map((r) => [r.cmd_id, r]));
      const funcIds = [...new Set(rows.map((r) => r.func_id))];
      const [funcs, responses] = await Promise.all([
        repo.funcsIn(s.db, tenant, funcIds),
        repo.responsesOf(s.db, tenant, funcIds),
      ]);
      const now = s.now();
      const out = new Map<number, Command>();
      for (const a of open) {
        const cmd = byId.get(a.source_id);
        if (!cmd || !ROUTED_CMD_OPEN_STATES.includes(cmd.state as never)) continue;
        out.set(Number(a.action_id), {
          type: 'securityCommand',
          name: funcs.get(cmd.func_id)?.code ?? '',
          payload: {
            cmdId: cmd.cmd_id,
            funcId: cmd.func_id,
            funcCode: funcs.get(cmd.func_id)?.code ?? '',
            token: cmd.token,
            argument: cmd.argument,
            responseCodes: (responses.get(cmd.func_id) ?? []).map((r) => r.code),
          },
          issuedAt: Number(cmd.created_at),
          expiresAt: Number(cmd.expires_at),
        });
        // The device fetches what is described now: its command is delivered.
        if (cmd.state === 'pending')
          await routed.updateRouted(s.db, tenant, cmd.cmd_id, ['pending'], {
            state: 'delivered',
            delivered_at: now,
            updated_at: now,
          });
      }
      return out;
    },
  },
  async judge(s, tenant, action, r) {
    const cmd = await routed.findRouted(s.db, tenant, action.source_id);
    if (!cmd) return 'unknown';
    if (r.event !== 'success' && r.event !== 'failure') {
      // Progress only: the action runs on; the command stays delivered.
      const next = await actions.transition(s.db, tenant, action, r, s.now());
      return next ? 'recorded' : 'stale';
    }
    const codes = ((await repo.responsesOf(s.db, tenant, [cmd.func_id])).get(cmd.func_id) ?? []).map((x) => x.code);
    const answer = answerOf(r.message ?? '', codes);
    const now = s.now();
    const ended = await s.db.transaction().execute(async (trx) => {
      const next = await actions.transition(trx, tenant, action, r, now);
      if (!next) return false;
      await routed.updateRouted(trx, tenant, cmd.cmd_id, ROUTED_CMD_OPEN_STATES, {
        state: r.event === 'success' ? 'succeeded' : 'failed',
        response_code: answer.responseCode,
        message: answer.message.slice(0, MESSAGE_MAX),
        delivered_at: cmd.delivered_at ?? now,
        finished_at: now,
        updated_at: now,
      });
      // A device that answered one of the function's responses used it: a use of the token's nonce, recorded once.
      if (answer.responseCode)
        await insertUseOnce(trx, tenant, {
          record_id: newId(),
          sid: cmd.sid,
          func_id: cmd.func_id,
          device_id: cmd.device_id,
          uid: cmd.uid,
          kind: 'use',
          source: cmd.source,
          nonce: cmd.nonce,
          pool_id: null,
          response_code: answer.responseCode,
          reason: '',
          not_before: null,
          expires_at: Number(cmd.expires_at),
          created_at: now,
        });
      return true;
    });
    if (!ended) return 'stale';
    await actions.devicesChanged(s, tenant, securityCommandActions.kind, [cmd.device_id]);
    // The device's answer (and the use it records) joins the tamper-evident chain, as a device API call.
    await appendAudit(s.db, {
      at: now,
      actor_uid: null,
      pno: tenant.pno,
      endpoint: 'ddi/keelCommands/securityCommand',
      target: cmd.cmd_id,
      result: 0,
      address: '',
      request_id: '',
    }).catch((err) => s.log.error({ err }, 'audit write failed'));
    return 'recorded';
  },
};
