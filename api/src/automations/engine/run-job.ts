// One job of the automation-run queue: the run claimed, executed, and on failure retried with
// back-off or failed for good (a permanent error, or the final attempt).
import type { Logger } from '../../logger.ts';
import { claimRun, finishRun, markRunRetrying } from '../runs.queries.ts';
import { executeRun, PermanentRunError, type RunContext } from './execute-run.ts';

/** Throws when a retry may help (the queue retries the job). */
export async function workRun(ctx: RunContext, runId: string, isFinalAttempt: boolean, logger: Logger): Promise<void> {
  const run = await claimRun(ctx.db, runId);
  if (!run) return;
  try {
    await executeRun(ctx, run, isFinalAttempt);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentRunError || isFinalAttempt) {
      await finishRun(ctx.db, run.id, 'failed', { error: message });
      logger.warn({ runId: run.id, err: error }, 'automation run failed');
      return;
    }
    await markRunRetrying(ctx.db, run.id, message);
    throw error;
  }
}
