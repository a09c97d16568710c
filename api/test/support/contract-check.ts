// Every response an API test receives through supertest is checked against the contract of its call
// (packages/shared/src/operations/): the status must be one the call documents, and the body must match
// that answer's schema (or media type). A mismatch fails the request, so every API test checks the
// contract for free. Installed for the integration projects by vitest.config.ts (setupFiles).
import supertest from 'supertest';
import type { Response } from 'supertest';
import { errorBodySchema } from '@shine/shared/responses/common';
import { z } from 'zod';
import { DOCS_ASSETS_PATH } from '../../src/openapi/docs.routes.ts';
import type { Answer } from '@shine/shared/operations/operation';
import { answersOf } from '@shine/shared/operations/operation';
import { findOperation } from '@shine/shared/operations';

type AssertCallback = (this: unknown, error: Error | null, res: Response) => void;
type Assert = (this: supertest.Test, resError: Error | null, res: Response | undefined, fn: AssertCallback) => void;

/** Why `res` breaks `answer`, or undefined when it keeps it. */
function breach(answer: Answer, method: string, res: Response): string | undefined {
  if (answer.kind === 'empty') return res.text ? `expected no body, got ${res.text.slice(0, 200)}` : undefined;
  const mediaType = answer.kind === 'json' ? 'application/json' : answer.mediaType;
  if (res.type !== mediaType) return `expected ${mediaType}, got ${res.type || 'no Content-Type'}`;
  if (answer.kind !== 'json' || method === 'HEAD') return undefined;
  const result = answer.schema.safeParse(res.body);
  return result.success ? undefined : z.prettifyError(result.error);
}

/** The contract's objection to this response, or undefined when it complies. */
export function checkResponse(method: string, url: string, res: Response): string | undefined {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/api/') || pathname.startsWith(`${DOCS_ASSETS_PATH}/`)) return undefined;
  const call = `${method} ${pathname}`;
  // A CORS preflight is the browser's question, not a call (the document's description covers CORS).
  if (method === 'OPTIONS' && res.status === 204 && !res.text) return undefined;
  const operation = findOperation(method, pathname);
  if (!operation) {
    // No call here: only the API's JSON error answers (404, or a guard's refusal before it) may come back.
    if (res.status >= 400 && errorBodySchema.safeParse(res.body).success) return undefined;
    return `${call} answered ${res.status}, but the contract documents no such call`;
  }
  const answers = answersOf(operation).get(res.status);
  if (!answers) return `${call} answered ${res.status}, a status its contract (${operation.path}) does not document`;
  const breaches = answers.map((answer) => breach(answer, method, res));
  if (breaches.some((problem) => problem === undefined)) return undefined;
  return `${call} ${res.status} breaks its contract (${operation.path}):\n${breaches.join('\n--- or ---\n')}`;
}

const prototype = supertest.Test.prototype as unknown as { assert: Assert & { checksContract?: true } };
const original = prototype.assert;
if (typeof original !== 'function') throw new Error('supertest changed: Test#assert is gone; update contract-check.ts');

// Once per worker: this file runs again before every test file, on the same supertest module (the
// suite runs without isolation), and must not wrap its own wrapper.
if (!original.checksContract) {
  const checked: Assert & { checksContract?: true } = function assert(resError, res, fn) {
    const problem = res ? checkResponse(this.method, this.url, res) : undefined;
    if (problem) return fn.call(this, new Error(`Response contract: ${problem}`), res as Response);
    return original.call(this, resError, res, fn);
  };
  checked.checksContract = true;
  prototype.assert = checked;
}
