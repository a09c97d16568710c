import express from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { holdWrites } from './write-barrier.ts';

/** A barrier that opens when the test says so, and counts how often it was asked. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const ready = vi.fn(() => opened);
  return { ready, open };
}

function appBehind(ready: () => Promise<unknown>) {
  const app = express();
  app.use(holdWrites(ready));
  app.get('/thing', (_req, res) => {
    res.json({ read: true });
  });
  app.post('/thing', (_req, res) => {
    res.status(204).end();
  });
  app.post('/refused', (_req, res) => {
    res.status(400).json({ message: 'Name is required' });
  });
  app.post('/failed', (_req, res) => {
    res.status(500).json({ message: 'Something went wrong' });
  });
  return app;
}

describe('the write barrier', () => {
  it('holds a write’s answer until the barrier opens', async () => {
    const { ready, open } = gate();
    let answered = false;
    const answer = supertest(appBehind(ready))
      .post('/thing')
      .then((response) => {
        answered = true;
        return response;
      });
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    // The handler has ended its answer; the barrier keeps it until it opens.
    expect(answered).toBe(false);
    open();
    expect((await answer).status).toBe(204);
  });

  it('answers a refused write at once: a refusal changed nothing, so there is nothing to hear', async () => {
    const { ready } = gate(); // never opens
    const response = await supertest(appBehind(ready)).post('/refused').send({});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Name is required' });
    expect(ready).not.toHaveBeenCalled();
  });

  it('still holds a failed write (5xx): part of it may have been committed', async () => {
    const { ready, open } = gate();
    const answer = supertest(appBehind(ready))
      .post('/failed')
      .then((response) => response);
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    open();
    expect((await answer).status).toBe(500);
  });

  it('answers reads at once', async () => {
    const { ready } = gate(); // never opens
    const response = await supertest(appBehind(ready)).get('/thing');
    expect(response.body).toEqual({ read: true });
    expect(ready).not.toHaveBeenCalled();
  });
});
