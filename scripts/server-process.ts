// Starts the all-in-one server (`node api/src/server.ts`) as a child process for the bench and
// Lighthouse runs, waits for /api/health, samples its peak RSS, and stops it.
import { type ChildProcess, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags.ts';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  pid: number;
  /** Peak resident set size so far (VmHWM), in bytes; null when /proc is not available. */
  peakRss: () => number | null;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1, picked by the OS. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function readPeakRss(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not healthy at ${url} after ${timeoutMs} ms`);
}

/** Runs a script with this process's Node binary (the pinned Node 24 when run through pnpm). */
export function startScript(
  script: string,
  env: NodeJS.ProcessEnv,
  options: { label: string; quiet?: boolean; args?: string[]; nodeFlags?: readonly string[] } = { label: 'child' },
): ChildProcess {
  // A key set to undefined removes it from the inherited environment (e.g. DATABASE_URL for PGlite).
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), script, ...(options.args ?? [])], {
    cwd: repoRoot,
    env: merged,
    stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 50) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) {
      process.stderr.write(`[${options.label}] exited with ${code}; last output:\n${tail.join('')}\n`);
    }
  });
  return child;
}

export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The all-in-one server on a free port; `env` adds DATABASE_URL or DATA_DIR and anything else. */
export async function startAppServer(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startScript(
    'api/src/server.ts',
    { LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    { label: 'server', nodeFlags: SERVER_NODE_FLAGS },
  );
  const cleanup = () => child.kill('SIGKILL');
  process.once('exit', cleanup);
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const pid = child.pid as number;
  let lastPeak: number | null = null;
  return {
    url,
    pid,
    peakRss: () => {
      lastPeak = readPeakRss(pid) ?? lastPeak;
      return lastPeak;
    },
    stop: async () => {
      await stopChild(child);
      process.off('exit', cleanup);
    },
  };
}

/** Signs in and returns the session cookie ("name=value"). */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  // The session's cookie, not the device cookie the sign-in also sets (it comes first).
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => /^(__Host-)?sid=/.test(pair ?? ''));
  if (!cookie) throw new Error('login answered without a session cookie');
  return cookie;
}
