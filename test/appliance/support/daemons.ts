/**
 * What the tests with real daemons share: running a tool and reading its exit status and output, waiting for a
 * condition, waiting for an apply job, and a second unbound on loopback that plays an upstream server.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import type { Agent } from './harness';
import { requireTool } from './tools';

export interface ToolResult {
  code: number;
  /** Standard output then standard error. */
  out: string;
}

/** Runs a tool to its end (never throws: a failure is its exit status). */
export const exec = (
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
) =>
  new Promise<ToolResult>((resolve) => {
    execFile(
      file,
      args,
      { timeout: options.timeout ?? 15_000, cwd: options.cwd, env: options.env ?? process.env },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          out: `${stdout}${stderr}`,
        }),
    );
  });

/** Polls `check` until it returns something truthy (returned), or fails naming `what`. */
export const until = async <T>(
  what: string,
  check: () => Promise<T | false | null | undefined>,
  ms = 15_000,
): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts an apply (or any job) with a POST and waits for its end; the job must be done. */
export async function applyJob(agent: Agent, url: string): Promise<JobProgress> {
  const res = await agent.post(url);
  expect(res.statusCode).toBe(202);
  const id = (res.json() as JobProgress).id;
  const job = await until('apply job', async () => {
    const j: JobProgress = (await agent.get(`/api/jobs/${id}`)).json();
    return j.status !== 'running' && j;
  });
  expect(job.status).toBe('done');
  return job;
}

/**
 * A second unbound in `dir` on 127.0.0.1:`port` (foreground, no chroot, no syslog), serving what `lines` add to its
 * `server:` clause or after it. Resolves once `probe` (a name it answers) resolves; the caller kills it.
 */
export async function startUpstreamUnbound(
  dir: string,
  port: number,
  lines: string[],
  probe: { name: string; contains: string },
): Promise<ChildProcess> {
  const conf = path.join(dir, 'unbound.conf');
  fs.writeFileSync(
    conf,
    [
      'server:',
      `    directory: "${dir}"`,
      '    chroot: ""',
      '    username: ""',
      `    pidfile: "${path.join(dir, 'unbound.pid')}"`,
      '    use-syslog: no',
      '    interface: 127.0.0.1',
      `    port: ${port}`,
      '    access-control: 127.0.0.0/8 allow',
      ...lines,
      '',
    ].join('\n'),
  );
  const upstream = spawn(requireTool('unbound'), ['-d', '-c', conf], { stdio: 'ignore' });
  const dig = requireTool('dig');
  try {
    await until(`the test upstream answers ${probe.name}`, async () =>
      (
        await exec(dig, ['@127.0.0.1', '-p', String(port), '+tries=1', '+time=1', probe.name], {
          timeout: 10_000,
        })
      ).out.includes(probe.contains),
    );
  } catch (e) {
    upstream.kill('SIGTERM');
    throw e;
  }
  return upstream;
}
