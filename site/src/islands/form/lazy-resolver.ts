import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Start loading now (e.g. when the visitor first focuses the form), so submit does not wait. */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose schema module (zod and the shared schema, about a quarter of the
 * form's JavaScript) is fetched on first use instead of with the page. Resolvers are async anyway,
 * so validation behaves the same; a failed fetch is retried on the next attempt.
 */
export function createLazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let pending: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => {
        // Reported by the submit that needs it; preloading is best effort.
      });
    },
  };
}
