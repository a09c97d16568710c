// A throw-away IMAP server for the mailbox tests: Debian's Dovecot (`dovecot-imapd`, installed by
// .ci/run), started as an instance of its own in a temporary directory, listening on 127.0.0.1 at a
// free port, with one passwd-file user and a Maildir. It is stopped and its directory deleted by
// stop(), and also when the test process ends without it (a failure, SIGINT, SIGTERM).
// As root (CI), the IMAP processes run as Debian's unprivileged `dovecot` and `dovenull` users.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  openSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { findFreePort } from './free-port.ts';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export interface TestMailServer {
  /** imap://user:password@127.0.0.1:port: what IMAP_URL is set to. */
  url: string;
  user: string;
  password: string;
  port: number;
  /** Delivers a raw RFC 5322 message into INBOX (IMAP APPEND), unseen. */
  deliver: (raw: string) => Promise<void>;
  /** A client of the mailbox for assertions (logged in; the caller logs out). */
  client: () => Promise<ImapFlow>;
  /** Stops the server and deletes its directory; safe to call more than once. */
  stop: () => void;
}

export function isDovecotInstalled(): boolean {
  return existsSync(DOVECOT_BINARY) && existsSync('/usr/lib/dovecot/imap');
}

function processUsers(): { internal: string; login: string; uid: number; gid: number } {
  const me = userInfo();
  if (me.uid !== 0) return { internal: me.username, login: me.username, uid: me.uid, gid: me.gid };
  const id = (flag: string, user: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { internal: 'dovecot', login: 'dovenull', uid: id('-u', 'dovecot'), gid: id('-g', 'dovecot') };
}

function configOf(dir: string, port: number, users: ReturnType<typeof processUsers>): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${users.internal}
default_login_user = ${users.login}
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${users.uid} gid=${users.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
namespace inbox {
  inbox = yes
  separator = /
}
`;
}

async function waitForGreeting(port: number, logFile: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    if (Date.now() > deadline) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)';
      throw new Error(`Dovecot did not answer on port ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function masterPid(dir: string): number | undefined {
  const file = path.join(dir, 'run', 'master.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to our own master (its children follow), waited for synchronously: usable at exit too. */
function stopMaster(dir: string): void {
  const pid = masterPid(dir);
  if (pid === undefined || !isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 10_000;
  while (isAlive(pid) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 50);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export async function startDovecot(): Promise<TestMailServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-dovecot-'));
  chmodSync(dir, 0o755);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, onSignal);
    stopMaster(dir);
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, onSignal);

  try {
    const users = processUsers();
    const port = await findFreePort();
    const user = 'sales';
    const password = 'mailbox-test-password';
    mkdirSync(path.join(dir, 'mail'));
    chownSync(path.join(dir, 'mail'), users.uid, users.gid);
    writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
    const configFile = path.join(dir, 'dovecot.conf');
    writeFileSync(configFile, configOf(dir, port, users));
    // The master forks into the background and keeps its standard streams: a file, not a pipe, or
    // execFileSync would wait for the pipe to close, that is for the server to stop.
    const startLog = path.join(dir, 'start.log');
    const out = openSync(startLog, 'w');
    try {
      execFileSync(DOVECOT_BINARY, ['-c', configFile], { stdio: ['ignore', out, out], timeout: 15_000 });
    } catch (error) {
      throw new Error(`Dovecot did not start: ${readFileSync(startLog, 'utf8') || (error as Error).message}`);
    } finally {
      closeSync(out);
    }
    await waitForGreeting(port, path.join(dir, 'dovecot.log'));

    const client = async () => {
      const imap = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user, pass: password },
        logger: false,
      });
      await imap.connect();
      return imap;
    };
    return {
      url: `imap://${user}:${password}@127.0.0.1:${port}`,
      user,
      password,
      port,
      client,
      deliver: async (raw) => {
        const imap = await client();
        try {
          await imap.append('INBOX', raw, []);
        } finally {
          await imap.logout();
        }
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
