import type { ReactNode } from 'react';

/**
 * A tag in one of our token colours: coloured text and border on white, so the text keeps AA
 * contrast (antd's light preset tags such as gold and cyan fall below 4.5:1). A span shaped as antd's
 * Tag (tone-tag in styles.css) rather than the component: tags sit in every row of the leads table,
 * where each component's hooks count on a 100-row sort (docs/performance.md, "First load and
 * sorting in a real browser").
 */
export function ToneTag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className="tone-tag" style={{ color, borderColor: color }}>
      {children}
    </span>
  );
}
