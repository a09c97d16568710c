import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type ChunkModule = { default: ComponentType };

/** A chunk's loader: fetches it once, and holds the module once it is in. */
export interface Chunk {
  (): Promise<ChunkModule>;
  readonly loaded: ChunkModule | undefined;
}

/** Wraps `load` (an `import()`) so that every caller shares one fetch and the module is kept. */
export function chunk(load: () => Promise<ChunkModule>): Chunk {
  let loading: Promise<ChunkModule> | undefined;
  const state: { loaded?: ChunkModule } = {};
  const loader = () => {
    loading ??= load().then(
      (module) => {
        state.loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // the next render tries again
        throw error;
      },
    );
    return loading;
  };
  return Object.defineProperty(loader, 'loaded', { get: () => state.loaded }) as Chunk;
}

/**
 * React.lazy over a chunk that renders at once when the chunk is already in (main.tsx starts the
 * URL's chunks before React renders), handing React a thenable that resolves on the spot, instead of
 * suspending for a turn. A Suspense fallback shown even for a moment makes React hold back the content
 * revealed after it until 300 ms have passed (its throttle of fallback reveals): on a warm load of the
 * leads that was ~250 ms of the wait for the first row (docs/performance.md, first load).
 */
export function lazyChunk(load: Chunk): LazyExoticComponent<ComponentType> {
  return lazy(() => {
    const module = load.loaded;
    if (!module) return load();
    // React's lazy calls then() and reads the result if it settled meanwhile; a Promise never settles
    // synchronously, this thenable does.
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes; this one settles at once
    const settled = { then: (resolve: (value: ChunkModule) => void) => resolve(module) };
    return settled as unknown as Promise<ChunkModule>;
  });
}
