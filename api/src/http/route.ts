// Routes declared by their entry of the call table (packages/shared/src/operations): the entry names
// the method and path, who may call it, the schemas the request is parsed with (validate.ts, so the
// same 400s and messages), and the types of what the handler reads and may send. A router is made for the path
// app.ts mounts it at; an entry outside that path is a mistake caught when the app is built.
import type { AnswerBodyOf, BodyOf, Operation, ParamsOf, QueryOf } from '@shine/shared/operations/operation';
import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import { requireAuth, requireRole } from './auth-guard.ts';
import { validate } from './validate.ts';

/** The query as parsed by the entry's schema, or Express's own when the entry declares none. */
type RouteQuery<O extends Operation> = O extends { query: object } ? QueryOf<O> : Request['query'];
/** The body as parsed by the entry's schema; unparsed (a form post, say) when it declares none. */
type RouteBody<O extends Operation> = O extends { body: object } ? BodyOf<O> : unknown;

export type OperationRequest<O extends Operation> = Request<ParamsOf<O>, AnswerBodyOf<O>, RouteBody<O>, RouteQuery<O>>;
export type OperationResponse<O extends Operation> = Response<AnswerBodyOf<O>>;
export type OperationHandler<O extends Operation> = (
  req: OperationRequest<O>,
  res: OperationResponse<O>,
  next: NextFunction,
) => unknown;

export interface OperationRouter {
  router: Router;
  /** Serves `operation`; `before` runs ahead of the parsing (guards, rate limits, other body parsers). */
  route<O extends Operation>(operation: O, handler: OperationHandler<O>): void;
  route<O extends Operation>(operation: O, before: readonly RequestHandler[], handler: OperationHandler<O>): void;
}

/** The path of `operation` inside a router mounted at `mountPath` (both full paths under /api). */
export function pathInside(mountPath: string, operation: Operation): string {
  if (operation.path === mountPath) return '/';
  if (operation.path.startsWith(`${mountPath}/`)) return operation.path.slice(mountPath.length);
  throw new Error(`${operation.method.toUpperCase()} ${operation.path} cannot be served by a router at ${mountPath}`);
}

export function operationRouter(mountPath: string): OperationRouter {
  const router = Router();
  const route = (
    operation: Operation,
    ...rest: [OperationHandler<Operation>] | [readonly RequestHandler[], OperationHandler<Operation>]
  ) => {
    const before = rest.length === 1 ? [] : rest[0];
    const handler = rest.length === 1 ? rest[0] : rest[1];
    const { params, query, body } = operation;
    // The entry's access, checked here too: app.ts guards whole paths before any body is read, and
    // an entry served outside them is still refused to a stranger or to the wrong role.
    const access = [
      ...(operation.access === 'session' ? [requireAuth] : []),
      ...(operation.role ? [requireRole(operation.role)] : []),
    ];
    // No schema, no parsing: a call without input is not refused for what it was not asked for.
    const parse = params || query || body ? [validate({ params, query, body }) as RequestHandler] : [];
    const handlers: RequestHandler[] = [...access, ...before, ...parse, handler as RequestHandler];
    router[operation.method](pathInside(mountPath, operation), ...handlers);
  };
  return { router, route: route as OperationRouter['route'] };
}
