// The chart library's only door (docs/decisions.md, "Charts"): chart.js, tree-shaken
// to the parts registered here, in a chunk loaded when the analytics screen first draws a chart.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { ChartSpec, ValueFormat } from './chart-spec.ts';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

function tick(format: ValueFormat, value: number): string {
  if (format === 'percent') return `${value}%`;
  if (format === 'minutes') return `${value} min`;
  if (format === 'dollars') return `$${value.toLocaleString('en-US')}`;
  return value.toLocaleString('en-US');
}

function optionsOf(spec: ChartSpec): ChartOptions<'bar' | 'line'> {
  const valueAxis = {
    beginAtZero: true,
    stacked: spec.stacked,
    ticks: { precision: 0, callback: (value: string | number) => tick(spec.format, Number(value)) },
  };
  const categoryAxis = { stacked: spec.stacked, grid: { display: false } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: spec.horizontal ? 'y' : 'x',
    spanGaps: false,
    plugins: { legend: { display: spec.series.length > 1, position: 'bottom' } },
    scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
  };
}

/** One chart: a canvas named for screen readers; its card shows the same figures as a table. */
export default function ChartView({ spec }: { spec: ChartSpec }) {
  const data = {
    labels: spec.categories,
    datasets: spec.series.map((series) => ({
      label: series.label,
      data: series.values,
      backgroundColor: series.color,
      borderColor: series.color,
    })),
  };
  const common = {
    role: 'img',
    'aria-label': spec.label,
    fallbackContent: <p>{spec.label}</p>,
  };
  return spec.kind === 'line' ? (
    <Line {...common} data={data} options={optionsOf(spec) as ChartOptions<'line'>} />
  ) : (
    <Bar {...common} data={data} options={optionsOf(spec) as ChartOptions<'bar'>} />
  );
}
