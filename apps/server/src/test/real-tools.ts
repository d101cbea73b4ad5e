import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

/**
 * Tests that judge Keel with a real tool (aapt, apksigner, fdroidcl, swupdate, …). Without the tool such a test
 * reports itself skipped; but where CI installed the tools (`KEEL_REAL_TOOLS=required`, set by .ci/run after a
 * successful install) a missing one fails the test, so a skip never hides a regression. Each run of such a test is
 * appended to `KEEL_REAL_TOOL_LOG`, which .ci/run counts.
 */

const present = new Map<string, boolean>();

export function hasTool(tool: string): boolean {
  let found = present.get(tool);
  if (found === undefined) {
    found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
    present.set(tool, found);
  }
  return found;
}

/** Whether the tools are there; throws when they must be and are not. */
export function realTools(...tools: string[]): boolean {
  const missing = tools.filter((t) => !hasTool(t));
  if (missing.length === 0) return true;
  if (process.env.KEEL_REAL_TOOLS === 'required') throw new Error(`real tools missing: ${missing.join(', ')}`);
  console.info(`skipped: ${missing.join(', ')} not installed`);
  return false;
}

/** Records that a test ran real tools (counted by .ci/run). */
export function recordRealToolRun(test: string, tools: readonly string[]): void {
  const log = process.env.KEEL_REAL_TOOL_LOG;
  if (log) appendFileSync(log, `${tools.join(',')}\t${test}\n`);
}
