import type { SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import type { SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import {
  applicationOfSubject,
  applyTypeHooks,
  type FlowApplication,
  type HookContext,
  steps,
  submitApplication,
} from '../workflow/service';
import type { Caller } from './caller';
import { parseChannels } from './items';
import { findManager } from './release-repo';
import * as repo from './version-repo';
import { versionItemOf, versionOf } from './versions';

/**
 * Release (README "Release"): only a release manager of the channel asks for a version to be released to it (not even
 * an administrator who is not one). The version needs installers, every one signed when the software has a sign
 * module. When the property has a default flow for the apply type `softRelease` the request waits (`pending_channel`,
 * `apply_id`) and the flow's pass releases it in the engine's transaction; a rejection keeps the reason. With no flow
 * it is released at once. Released to stable, a version reaches beta callers too; it can be promoted from beta to
 * stable, never back.
 */

const APPLY_TYPE = 'softRelease';

export async function releaseVersion(
  s: Services,
  c: Caller,
  input: { versionId: string; channel: SoftChannel; remark: string },
): Promise<SoftVersionItem> {
  const { version, soft } = await versionOf(s, c, input.versionId);
  const manager = await findManager(s.db, c.t, soft.soft_id, c.uid);
  if (!manager || !parseChannels(manager.channels).includes(input.channel)) {
    throw new AppError('softNotReleaseManager', { name: soft.name, channel: input.channel });
  }
  if (version.pending_channel) throw new AppError('softReleasePending', { version: version.version });
  if (version.channel === 'stable' || version.channel === input.channel) {
    throw new AppError('softAlreadyReleased', { version: version.version, channel: version.channel });
  }
  const installers = await repo.installersOf(s.db, c.t, [version.version_id]);
  if (installers.length === 0) throw new AppError('softNoInstallers', { version: version.version });
  if (soft.sign_module_id && installers.some((i) => !i.signature)) {
    throw new AppError('softUnsignedInstallers', { version: version.version });
  }
  const now = s.now();
  if ((await steps(s, c.t, APPLY_TYPE)).length === 0) {
    const released = await repo.updateUnchangedVersion(s.db, c.t, version.version_id, version.channel, {
      channel: input.channel,
      reject_reason: '',
      released_by: c.uid,
      released_at: now,
      updated_at: now,
    });
    if (!released) throw new AppError('softAlreadyReleased', { version: version.version, channel: input.channel });
    return versionItemOf(s, c, version.version_id);
  }
  // The version's wait and the application land together (areaWrite runs in the engine's transaction).
  await submitApplication(
    s,
    {
      pno: c.t.pno,
      applyType: APPLY_TYPE,
      applicantUid: c.uid,
      subjectId: version.version_id,
      subjectName: `${soft.name} ${version.version} → ${input.channel}`,
      snapshot: {
        softId: soft.soft_id,
        softName: soft.name,
        versionId: version.version_id,
        version: version.version,
        fromChannel: version.channel,
        channel: input.channel,
        remark: input.remark,
        installers: installers.map((i) => ({ os: i.os, arch: i.arch, format: i.format, fileName: i.file_name })),
      },
    },
    async (trx) => {
      const waiting = await repo.updateUnchangedVersion(trx, c.t, version.version_id, version.channel, {
        pending_channel: input.channel,
        reject_reason: '',
        updated_at: now,
      });
      if (!waiting) throw new AppError('softReleasePending', { version: version.version });
    },
  );
  const app = await applicationOfSubject(s, c.t.pno, APPLY_TYPE, version.version_id);
  if (app) await repo.updateVersion(s.db, c.t, version.version_id, { apply_id: app.applyId });
  return versionItemOf(s, c, version.version_id);
}

/** The application ended: a pass releases the version to the channel it waited for; otherwise the wait ends. */
async function releaseEnded(app: FlowApplication, h: HookContext, outcome: 'passed' | 'rejected' | 'withdrawn') {
  if (!app.subjectId) return;
  const t = propertyTenant(app.pno);
  const version = await repo.findVersion(h.trx, t, app.subjectId);
  // Deleted meanwhile, or no longer waiting: nothing to do.
  if (!version?.pending_channel) return;
  const base = { pending_channel: '', updated_at: h.now };
  const set =
    outcome === 'passed'
      ? {
          ...base,
          channel: version.pending_channel,
          reject_reason: '',
          released_by: app.applicantUid,
          released_at: h.now,
        }
      : { ...base, reject_reason: outcome === 'rejected' ? h.comment : '' };
  await repo.settlePending(h.trx, t, version.version_id, version.pending_channel, set);
}

export const softReleaseApplications = applyTypeHooks(APPLY_TYPE, {
  onPassed: (app, h) => releaseEnded(app, h, 'passed'),
  onRejected: (app, h) => releaseEnded(app, h, 'rejected'),
  onWithdrawn: (app, h) => releaseEnded(app, h, 'withdrawn'),
});
