// The machine's one-minute load average, printed and stored beside every run's figures: the bench
// machine is shared, so a run's ratios are read against its own baselines and its load.
import { loadavg } from 'node:os';

export interface LoadAverages {
  start: number;
  end?: number;
}

export function loadAverageNow(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}

/** Starts the record of a run's load: call `end()` when its last measurement is done. */
export function recordLoadAverage(label: string): { figures: LoadAverages; end: () => LoadAverages } {
  const figures: LoadAverages = { start: loadAverageNow() };
  console.log(`${label}: load average ${figures.start} at the start`);
  return {
    figures,
    end: () => {
      figures.end = loadAverageNow();
      console.log(`${label}: load average ${figures.start} at the start, ${figures.end} at the end`);
      return figures;
    },
  };
}
