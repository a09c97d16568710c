// First data without a waterfall (docs/performance.md, first load). A full load used to ask for its
// data only after the session check, the page chunk and the section chunk, one after another. The
// reads a screen makes in its first seconds are remembered per URL (path and query, in
// localStorage: the same data the address bar already holds), and the next full load of that URL
// sends them from the entry module, in parallel with the session check; sendApiRequest hands each
// answer to the first identical GET. Nothing is guessed: a screen that now asks for something else
// simply fetches it as before.
import { liveOperations } from '@shine/shared/operations/live';
import { ADMIN_API_PATH } from '@shine/shared/operations/operation';
import { publicOperations } from '@shine/shared/operations/public';
import { workdayOperations } from '@shine/shared/operations/workday';

const STORAGE_PREFIX = 'shine.crm.firstReads:';
/** Reads sent this long after the load count as the screen's first data. */
const LEARN_WINDOW_MS = 3_000;
/** An early answer nobody asked for within this time is dropped (the screen no longer wants it). */
const UNCLAIMED_TTL_MS = 5_000;
/**
 * At most this many reads are learned and sent. The screen's own data comes after the shell's counts
 * (its section is a chunk of its own), so the bound must leave room for both: at 8, the shell's eight
 * counts filled it and the leads list was never sent early.
 */
const MAX_READS = 16;
/**
 * Not first data: the session check has its own prefetch, the live stream is not a read, and the
 * shell's counts are asked after the screen's data on purpose (shell-counts.ts).
 */
const NEVER_EARLY = new Set<string>([
  publicOperations.getSession.path,
  liveOperations.openLiveStream.path,
  workdayOperations.getShellCounts.path,
]);

let routeKey: string | null = null;
let learnUntil = 0;
const learned: string[] = [];
const early = new Map<string, Promise<Response>>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: no early reads, nothing breaks
  }
}

function isEarlyCandidate(url: string): boolean {
  return url.startsWith(`${ADMIN_API_PATH}/`) && !NEVER_EARLY.has(url.split('?')[0] as string);
}

/** Called once by the entry module: sends the reads the last load of this URL made, and starts learning anew. */
export function startEarlyReads(url: string, now = Date.now()): void {
  routeKey = url;
  learnUntil = now + LEARN_WINDOW_MS;
  learned.length = 0;
  const stored = storage()?.getItem(STORAGE_PREFIX + url);
  let reads: unknown = [];
  try {
    reads = stored ? JSON.parse(stored) : [];
  } catch {
    reads = [];
  }
  if (!Array.isArray(reads)) return;
  for (const read of reads.slice(0, MAX_READS)) {
    if (typeof read !== 'string' || !isEarlyCandidate(read) || early.has(read)) continue;
    const answer = fetch(read, { credentials: 'include', headers: { Accept: 'application/json' } });
    answer.catch(() => undefined); // claimed or not, a failed early read must not be an unhandled rejection
    early.set(read, answer);
    setTimeout(() => early.delete(read), UNCLAIMED_TTL_MS);
  }
}

/** The early answer to a plain GET of `url`, once; undefined when there is none. */
export function claimEarlyRead(url: string): Promise<Response> | undefined {
  const answer = early.get(url);
  if (answer) early.delete(url);
  return answer;
}

/** Remembers a plain GET the screen made during its first seconds, for the next full load of this URL. */
export function noteRead(url: string, now = Date.now()): void {
  if (routeKey === null || now > learnUntil || !isEarlyCandidate(url) || learned.includes(url)) return;
  if (learned.length >= MAX_READS) return;
  learned.push(url);
  storage()?.setItem(STORAGE_PREFIX + routeKey, JSON.stringify(learned));
}
