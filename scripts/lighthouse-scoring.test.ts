// Run with `node --test scripts/lighthouse-scoring.test.ts`: how the Lighthouse check judges a page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  blockingTimeOfTasks,
  checkedPerformance,
  type JudgedRun,
  median,
  meetsTarget,
  type PerformanceParts,
  performanceWithTbt,
  type TaskEvent,
} from './lighthouse-scoring.ts';

const ms = 1000;
const task = (startMs: number, wallMs: number, cpuMs?: number): TaskEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts: startMs * ms,
  dur: wallMs * ms,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * ms }),
});

test('the blocking time counts CPU time × the slowdown beyond 50 ms, from the first paint', () => {
  const firstPaint = 200 * ms;
  const events: TaskEvent[] = [
    task(0, 100, 100), // over before the paint: not counted
    task(150, 100, 20), // straddles the paint: counted whole, 20 × 4 − 50 = 30
    task(300, 400, 10), // 400 ms of wall time, 10 of CPU: 40 < 50, blocks nothing
    task(800, 30), // no thread time recorded: its wall time, 30 × 4 − 50 = 70
    { name: 'FunctionCall', ph: 'X', ts: 900 * ms, dur: 500 * ms, tdur: 500 * ms }, // not a top-level task
    { name: 'RunTask', ph: 'B', ts: 950 * ms }, // not a complete event
  ];
  assert.equal(blockingTimeOfTasks(events, firstPaint, 4), 100);
  assert.equal(blockingTimeOfTasks(events, firstPaint, 1), 0);
  assert.equal(blockingTimeOfTasks([], firstPaint, 4), 0);
});

/** A performance category of Lighthouse's mobile weights, every metric scoring `others`. */
function lhrWith(others: number | null): PerformanceParts {
  const refs = [
    ['first-contentful-paint', 10],
    ['speed-index', 10],
    ['largest-contentful-paint', 25],
    ['total-blocking-time', 30],
    ['cumulative-layout-shift', 25],
    ['interactive', 0],
  ] as const;
  return {
    categories: { performance: { auditRefs: refs.map(([id, weight]) => ({ id, weight, group: 'metrics' })) } },
    audits: Object.fromEntries(
      refs.map(([id]) => [id, { score: id === 'total-blocking-time' ? 0.1 : id === 'interactive' ? null : others }]),
    ),
  };
}

test('the performance score is recomputed with the blocking time given, on Lighthouse’s curve and weights', () => {
  assert.equal(performanceWithTbt(lhrWith(1), 0), 1);
  // Lighthouse's mobile curve: 200 ms scores 0.9, 600 ms 0.5; the blocking time weighs 30 of 100.
  assert.equal(performanceWithTbt(lhrWith(1), 200), 0.97);
  assert.equal(performanceWithTbt(lhrWith(1), 600), 0.85);
  // The other metrics count as measured.
  assert.equal(performanceWithTbt(lhrWith(0.5), 0), 0.65);
  assert.equal(performanceWithTbt(lhrWith(null), 0), null);
  assert.equal(performanceWithTbt({ categories: {}, audits: {} }, 0), null);
});

const run = (performance: number | null, performanceByCpu: number | null, accessibility = 1): JudgedRun => ({
  scores: { performance, accessibility, 'best-practices': 1, seo: 1 },
  performanceByCpu,
});

test('a run’s performance is the better of its score and its score by CPU time', () => {
  assert.equal(checkedPerformance(run(0.8, 0.97)), 0.97);
  assert.equal(checkedPerformance(run(1, 0.99)), 1);
  assert.equal(checkedPerformance(run(null, 0.9)), 0.9);
  assert.equal(checkedPerformance(run(0.7, null)), 0.7);
});

test('every category must reach the target; only performance may be judged by CPU time', () => {
  assert.equal(meetsTarget(run(0.8, 0.96)), true);
  assert.equal(meetsTarget(run(0.8, 0.94)), false);
  assert.equal(meetsTarget(run(1, 1, 0.94)), false);
  assert.equal(meetsTarget(run(null, null)), false);
});

test('the median takes the known values, the lower middle of an even count', () => {
  assert.equal(median([0.8, null, 1, 0.9]), 0.9);
  assert.equal(median([1, 0.8]), 0.8);
  assert.equal(median([null, null]), null);
});
