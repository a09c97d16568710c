import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface BarItem {
  key: string;
  label: ReactNode;
  value: number;
  /** What the row shows at its end; the raw value when absent. */
  display?: ReactNode;
  color?: string;
  /** Where the row leads: the list of what it counts (a router path). */
  to?: string;
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
            {item.to ? (
              // The whole row is the link; the bar stays decoration.
              <Link to={item.to} className="bar-link">
                <BarCells item={item} width={width} />
              </Link>
            ) : (
              <BarCells item={item} width={width} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function BarCells({ item, width }: { item: BarItem; width: number }) {
  return (
    <>
      <span>
        {item.label}
        {/* The link's name reads "New: 4", its words as they are shown. */}
        <span className="visually-hidden">: </span>
      </span>
      <span className="bar-track" aria-hidden="true">
        <span className="bar-fill" style={{ width: `${width}%`, background: item.color, display: 'block' }} />
      </span>
      <span className="bar-value">{item.display ?? item.value}</span>
    </>
  );
}
