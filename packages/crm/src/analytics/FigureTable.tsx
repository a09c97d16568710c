import type { ReactNode } from 'react';

export interface FigureTableProps {
  caption: string;
  columns: string[];
  /** Each row: its header cell first, then one cell per remaining column. */
  rows: Array<{ key: string; cells: ReactNode[] }>;
}

/** A chart's figures as a plain table, scrollable on its own (never the page) when it is wide. */
export function FigureTable({ caption, columns, rows }: FigureTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="figure-table-scroll" tabIndex={0} aria-label={caption}>
      <table className="figure-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
