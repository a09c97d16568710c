import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * A tag in one of our token colours: coloured text and border on white, so the text keeps AA
 * contrast (antd's light preset tags such as gold and cyan fall below 4.5:1).
 */
export function ToneTag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Tag variant="outlined" style={{ color, borderColor: color, background: '#fff' }}>
      {children}
    </Tag>
  );
}
