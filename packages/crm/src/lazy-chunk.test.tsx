import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chunk, lazyChunk } from './lazy-chunk.ts';

const Page = () => <p>the page</p>;

describe('lazyChunk', () => {
  it('renders a chunk already in without a Suspense fallback, fetching it once', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const pageChunk = chunk(load);
    await pageChunk();
    const LazyPage = lazyChunk(pageChunk);
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends for a chunk still on its way, and shows it when in', async () => {
    const LazyPage = lazyChunk(chunk(async () => ({ default: Page })));
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
