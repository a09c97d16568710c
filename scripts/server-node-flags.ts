// Node flags the all-in-one server runs with, in `pnpm start` and in `pnpm bench` (so the bench
// measures what production runs). V8's young generation otherwise grows to 16 MB semi-spaces per
// busy process: under 32 concurrent clients the server's peak RSS was ~80 MB higher for the same
// throughput (docs/performance.md, "Peak RSS").
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;
