import { type RequestContext, requireUser } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { tenantOf } from '../../platform/tenancy/tenant';
import { hhmmss } from './enrolment';
import { type Bounds, boundsOf, effectiveIntervals, pollIntervals } from './poll-intervals';
import { findBounds, findIntervals, saveBounds, saveIntervals } from './poll-settings-repo';

/**
 * A property's device polling intervals and the operator's bounds on them (README.md "Polling interval"): a save
 * outside the bounds is refused naming them; lowering the bounds brings what properties set within them when it is
 * read. Every save clears the intervals the device API keeps in memory (poll-intervals.ts), on every instance.
 */

const boundsNow = async (s: Services) => boundsOf(await findBounds(s.db));

const outside = (seconds: number | null, b: Bounds) =>
  seconds !== null && (seconds < b.minSeconds || seconds > b.maxSeconds);

export async function settings(s: Services, ctx: RequestContext) {
  const [bounds, row] = await Promise.all([boundsNow(s), findIntervals(s.db, tenantOf(ctx))]);
  const effective = effectiveIntervals(row, bounds, s.config.devicePollSeconds);
  return {
    pollSeconds: row?.poll_seconds == null ? null : Number(row.poll_seconds),
    rolloutPollSeconds: row?.rollout_poll_seconds == null ? null : Number(row.rollout_poll_seconds),
    effectivePollSeconds: effective.poll,
    effectiveRolloutPollSeconds: effective.rollout,
    defaultPollSeconds: s.config.devicePollSeconds,
    ...bounds,
    updateTime: row ? Number(row.updated_at) : null,
  };
}

export async function saveSettings(
  s: Services,
  ctx: RequestContext,
  input: { pollSeconds: number | null; rolloutPollSeconds: number | null },
) {
  const tenant = tenantOf(ctx);
  const bounds = await boundsNow(s);
  const range = { min: hhmmss(bounds.minSeconds), max: hhmmss(bounds.maxSeconds) };
  if (outside(input.pollSeconds, bounds)) throw new AppError('pollOutsideBounds', range);
  if (outside(input.rolloutPollSeconds, bounds)) throw new AppError('rolloutPollOutsideBounds', range);
  const poll = input.pollSeconds ?? s.config.devicePollSeconds;
  if (input.rolloutPollSeconds !== null && input.rolloutPollSeconds > poll)
    throw new AppError('rolloutPollLonger', { rollout: hhmmss(input.rolloutPollSeconds), poll: hhmmss(poll) });
  await saveIntervals(s.db, tenant, { ...input, by: requireUser(ctx).uid, now: s.now() });
  await pollIntervals(s).forget(tenant.pno);
  ctx.audit.target = tenant.pno;
  return settings(s, ctx);
}

export async function bounds(s: Services) {
  const row = await findBounds(s.db);
  return {
    ...boundsOf(row),
    defaultPollSeconds: s.config.devicePollSeconds,
    updateTime: row ? Number(row.updated_at) : null,
  };
}

export async function saveBoundsOf(s: Services, ctx: RequestContext, input: Bounds) {
  if (input.minSeconds > input.maxSeconds)
    throw new AppError('pollBoundsOrder', { min: hhmmss(input.minSeconds), max: hhmmss(input.maxSeconds) });
  await saveBounds(s.db, { ...input, by: requireUser(ctx).uid, now: s.now() });
  // Every property's intervals are brought within the new bounds.
  await pollIntervals(s).forget(null);
  return bounds(s);
}
