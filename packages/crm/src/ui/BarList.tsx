import type { ReactNode } from 'react';

export interface BarItem {
  key: string;
  label: ReactNode;
  value: number;
  /** What the row shows at its end; the raw value when absent. */
  display?: ReactNode;
  color?: string;
}

/**
 * Horizontal bars, each relative to `max` (the largest value when absent). Plain markup: the numbers
 * are text, the bar is decoration, so screen readers read "label value".
 */
export function BarList({ items, max, label }: { items: BarItem[]; max?: number; label: string }) {
  const top = max ?? Math.max(0, ...items.map((item) => item.value));
  return (
    <ul className="bar-list" aria-label={label}>
      {items.map((item) => {
        const width = top > 0 ? Math.round((item.value / top) * 100) : 0;
        return (
          <li key={item.key} className="bar-row">
            <span>{item.label}</span>
            <span className="bar-track" aria-hidden="true">
              <span className="bar-fill" style={{ width: `${width}%`, background: item.color, display: 'block' }} />
            </span>
            <span className="bar-value">{item.display ?? item.value}</span>
          </li>
        );
      })}
    </ul>
  );
}
