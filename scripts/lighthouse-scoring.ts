// How scripts/lighthouse.ts judges a page (docs/testing.md "Lighthouse"): the categories and the target,
// the total blocking time from the main thread's CPU time, the performance score with it, and the
// median of runs. Kept apart from the runner so that the rules are tested without a browser.
import type { Result as LighthouseResult, Trace } from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import TotalBlockingTime from 'lighthouse/core/audits/metrics/total-blocking-time.js';
import { ProcessedNavigation } from 'lighthouse/core/computed/processed-navigation.js';
import { ProcessedTrace } from 'lighthouse/core/computed/processed-trace.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const TARGET = 0.95;

export type Scores = Record<(typeof CATEGORIES)[number], number | null>;

/** One run as the check reads it: Lighthouse's scores and the performance score by CPU time. */
export interface JudgedRun {
  scores: Scores;
  performanceByCpu: number | null;
}

/** Lighthouse's own scoring curve of the total blocking time on mobile (its metric audit's options). */
const TBT_SCORING = TotalBlockingTime.defaultOptions.mobile.scoring;
/** A task shorter than this blocks nothing (Lighthouse's long-task threshold). */
const LONG_TASK_MS = 50;

/** A main-thread trace event, with the thread duration Chromium records and Lighthouse's type leaves out. */
export interface TaskEvent {
  name: string;
  ph: string;
  /** Start, µs. */
  ts: number;
  /** Wall time, µs. */
  dur?: number;
  /** Thread (CPU) time, µs. */
  tdur?: number;
}

/**
 * The total blocking time from each top-level task's CPU time (the trace's thread duration) instead of
 * its wall time: what a task costs, not how long a busy machine kept it waiting. Each task that ends
 * after the first contentful paint counts whole (a little stricter than Lighthouse, which counts a
 * straddling task from the paint on, because its simulated paint comes earlier than the observed
 * one), as Lighthouse's simulated mobile CPU counts it (× the CPU slowdown), beyond 50 ms.
 */
export function blockingTimeOfTasks(events: readonly TaskEvent[], firstPaintTs: number, slowdown: number): number {
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.ts + (event.dur ?? 0) < firstPaintTs) continue;
    const cpuMs = ((event.tdur ?? event.dur ?? 0) / 1000) * slowdown;
    blocking += Math.max(0, cpuMs - LONG_TASK_MS);
  }
  return Math.round(blocking);
}

/** `blockingTimeOfTasks` of a Lighthouse run's trace: its page's main thread, from its first paint. */
export async function cpuBlockingTimeMs(trace: Trace, slowdown: number): Promise<number> {
  const context = { computedCache: new Map() };
  const processed = await ProcessedTrace.request(trace, context);
  const navigation = await ProcessedNavigation.request(processed, context);
  return blockingTimeOfTasks(
    processed.mainThreadEvents as TaskEvent[],
    navigation.timestamps.firstContentfulPaint,
    slowdown,
  );
}

/** The parts of a Lighthouse result the performance score is made of. */
export type PerformanceParts = {
  categories: { performance?: Pick<LighthouseResult['categories'][string], 'auditRefs'> };
  audits: Record<string, { score: number | null } | undefined>;
};

/** The performance score as Lighthouse weighs it, with the total blocking time's score for `tbtMs`. */
export function performanceWithTbt(lhr: PerformanceParts, tbtMs: number): number | null {
  const category = lhr.categories.performance;
  if (!category) return null;
  let weighted = 0;
  let weights = 0;
  for (const ref of category.auditRefs) {
    if (ref.weight === 0) continue;
    const score =
      ref.id === 'total-blocking-time' ? Audit.computeLogNormalScore(TBT_SCORING, tbtMs) : lhr.audits[ref.id]?.score;
    if (score === null || score === undefined) return null;
    weighted += ref.weight * score;
    weights += ref.weight;
  }
  // Lighthouse rounds category scores to two decimals.
  return Math.round((weighted / weights) * 100) / 100;
}

/** A run's performance as `--check` judges it: the better of the score and the score by CPU time. */
export function checkedPerformance(run: JudgedRun): number | null {
  const { performance } = run.scores;
  if (performance === null) return run.performanceByCpu;
  return Math.max(performance, run.performanceByCpu ?? 0);
}

/** Every category at the target, performance as `checkedPerformance` judges it. */
export const meetsTarget = (run: JudgedRun): boolean =>
  CATEGORIES.every((id) => ((id === 'performance' ? checkedPerformance(run) : run.scores[id]) ?? 0) >= TARGET);

/** The median of the known values (the lower middle of an even count); null when none is known. */
export function median(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length === 0 ? null : (known[Math.floor((known.length - 1) / 2)] as number);
}
