// Pipes generated chunks into the response with backpressure: a slow client slows the producer, and
// a client that goes away stops it (the generator is returned, no further batch is read). A failure
// after the headers went out can only cut the response short, which the client sees as an
// incomplete download; the error handler then leaves the socket to Express to destroy.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

export async function sendStream(res: Response, chunks: AsyncIterable<string>): Promise<void> {
  try {
    await pipeline(Readable.from(chunks), res);
  } catch (error) {
    // The client closed the connection: nothing to answer and nothing went wrong on our side.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw error;
  }
}
