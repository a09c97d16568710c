import { type Estimate, formatEstimateRange } from '@shine/shared/pricing';

/** A request's estimate in one line: the range per visit, or that it is priced after a walkthrough. */
export function RequestEstimate({ estimate }: { estimate: Estimate | null }) {
  if (!estimate) return <>—</>;
  if (estimate.kind === 'walkthrough') return <>Walkthrough needed</>;
  return <>{formatEstimateRange(estimate)}</>;
}
