import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Test processes of their own (a server a request could end, a writer to kill): a script of `src/test/` run by node
 * itself with tsx as its loader (the `tsx` command would run it in a grandchild that a SIGKILL to the child does not
 * reach). `next` answers its next stdout line; `stopAll` kills whatever a failed test left running.
 */
const started: ChildProcess[] = [];

export function startChild(script: string, args: string[] = [], env: Record<string, string> = {}) {
  const path = new URL(`./${script}`, import.meta.url).pathname;
  const proc = spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(proc);
  const lines = createInterface({ input: proc.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`${script} ended`);
    return line.value as string;
  };
  return { proc, next };
}

/** Whether the child is still running. */
export const running = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

/** Kills a child with SIGKILL; resolves once it is gone. */
export const killed = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (!running(proc)) {
      resolve();
      return;
    }
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });

export function stopAll(): void {
  for (const proc of started) if (running(proc)) proc.kill('SIGKILL');
}
