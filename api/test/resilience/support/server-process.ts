// Runs the real server entry (`node api/src/server.ts`) as a child process, for the tests that need
// a process to kill, signal or cut off from its database.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort } from '../../support/free-port.ts';
import { trackProcess } from './run-resources.ts';

export const API_DIR = path.resolve(import.meta.dirname, '../../..');
export const REPO_ROOT = path.resolve(API_DIR, '..');
export const TEST_ADMIN = { email: 'resilience@example.com', password: 'resilience-correct-horse-9' } as const;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote, for failure messages. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  env: Record<string, string>;
  port?: number;
  /** How long to wait for /api/health to answer 200. */
  readyTimeoutMs?: number;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const child = spawn(process.execPath, [path.join(API_DIR, 'src/server.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // The tests drive many requests from one client; the limits themselves are tested in-process.
      RATE_LIMIT_LEADS_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) trackProcess(child.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let done = false;
  exited.then(() => {
    done = true;
  });
  for (;;) {
    if (done) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Stops a server this test started (SIGKILL after a grace period); safe to call twice. */
export async function stopServer(server: ServerProcess | undefined, graceMs = 10_000): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}

/** Resident set size of a process in bytes, from /proc/<pid>/status. */
export async function readRssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}
