import type { SuccessBasis, SuccessRule } from '@keel/contract/endpoints/firmware-task';
import type { Services } from '../../platform/services';
import { filesOfPackage } from '../firmware/service';
import type { CandidateRow } from './device-repo';
import { packageOwner } from './package-owner';
import { attributesOf, isVersion, reportedVersion } from './selection';

/**
 * What makes a device's update a success (README "Success rules"), after its client reported success: the new
 * version reported (`version`); for a Mender device, the artifact name Keel offered for the package reported as its
 * `artifact_name` (`artifactName`: a name that does not carry the version); else the task's rule — `clientReport`
 * trusts the client at once; `versionReport` waits for the version, except for a device that never reported any
 * version (a stock SWUpdate sends none without an `identify` section), whose client is trusted (`noVersion`).
 * No SQL of its own.
 */

/** The artifact name a package's `.mender` file is offered under: the one read at upload, else the file's name. */
export function offeredArtifactName(file: { name: string; artifact: Record<string, unknown> | null }): string {
  const name = file.artifact?.name;
  return typeof name === 'string' && name ? name : file.name;
}

/** The artifact names Keel offers for a task's package (its `.mender` files; the package's owner's). */
export async function offeredArtifactNames(
  s: Services,
  task: { pno: string; sw_id: string; sw_pno?: string | null },
): Promise<string[]> {
  const files = await filesOfPackage(s, packageOwner(task), task.sw_id).catch(() => []);
  return files
    .filter((f) => f.kind === 'mender')
    .map((f) => offeredArtifactName({ name: f.name, artifact: f.artifact ? JSON.parse(f.artifact) : null }));
}

const fold = (k: string) => k.toLowerCase().replace(/[-_\s.]/g, '');

/** The `artifact_name` a (Mender) device reports in its inventory, or ''. */
export function reportedArtifactName(dev: Pick<CandidateRow, 'attributes'>): string {
  for (const [k, v] of Object.entries(attributesOf(dev)))
    if (fold(k) === 'artifactname' && typeof v === 'string' && v.trim()) return v.trim();
  return '';
}

type Reported = Pick<CandidateRow, 'attributes' | 'firmware_version' | 'app_version'>;

/**
 * What decides the success of a device whose client reported success, or null while it must still report its
 * version. `offered` reads the artifact names Keel offered, only when the device reports one.
 */
export async function successBasis(
  rule: SuccessRule,
  dev: Reported | undefined,
  task: { sw_type: string; sw_version: string },
  offered: () => Promise<readonly string[]>,
): Promise<SuccessBasis | null> {
  if (!dev) return rule === 'clientReport' ? 'clientReport' : null;
  const version = reportedVersion(dev, task.sw_type);
  if (isVersion(version, task.sw_version)) return 'version';
  const artifact = reportedArtifactName(dev);
  if (artifact && (await offered()).includes(artifact)) return 'artifactName';
  if (rule === 'clientReport') return 'clientReport';
  if (!version && !artifact) return 'noVersion';
  return null;
}

/** A task's rule as stored (every task before rules could be chosen waited for the version). */
export const ruleOf = (task: { success_rule?: string | null }): SuccessRule =>
  task.success_rule === 'clientReport' ? 'clientReport' : 'versionReport';

/** `offered` for `successBasis`, reading the package's files at most once. */
export function offeredOnce(s: Services, task: { pno: string; sw_id: string; sw_pno?: string | null }) {
  let names: Promise<string[]> | undefined;
  return () => {
    names ??= offeredArtifactNames(s, task);
    return names;
  };
}
