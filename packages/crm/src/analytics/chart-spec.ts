// What a chart shows, without the chart library: the section builds these and its tables from the
// same report, and only ChartView (a lazy chunk) turns one into pixels.
export type ValueFormat = 'count' | 'percent' | 'minutes' | 'dollars';

export interface ChartSeries {
  label: string;
  /** null is "no value" (a week nobody was contacted), drawn as a gap. */
  values: Array<number | null>;
  color: string;
}

export interface ChartSpec {
  kind: 'bar' | 'line';
  /** What the chart shows, for screen readers (its table carries the figures). */
  label: string;
  categories: string[];
  series: ChartSeries[];
  format: ValueFormat;
  stacked?: boolean;
  horizontal?: boolean;
}

/** Categorical colours for sources, each at least 4.5:1 against white. */
export const SERIES_COLORS = ['#0b5cad', '#067647', '#b54708', '#7a3db8', '#0e7490', '#b42318', '#3b4fc4', '#4d5761'];

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] as string;
}
