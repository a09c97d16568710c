import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark.tsx';
import { GATE_TOKENS } from './gate-tokens.ts';

/** The frame every gate screen shares: brand, a heading, and whatever the screen needs below it. */
export function StatusScreen({ title, detail, children }: { title: string; detail?: string; children?: ReactNode }) {
  return (
    <main className="gate" style={GATE_TOKENS}>
      <section className="gate-card" aria-labelledby="gate-title">
        <BrandMark />
        <h1 id="gate-title" className="gate-title">
          {title}
        </h1>
        {detail ? <p className="gate-detail">{detail}</p> : null}
        {children}
      </section>
    </main>
  );
}
