// Every call of the API, and how a request finds its call (most specific pattern first, so that
// /leads/export is not read as /leads/:id).
import { accountOperations } from './account.operations.ts';
import { automationOperations } from './automations.operations.ts';
import { callOperations } from './calls.operations.ts';
import { conversationOperations } from './conversations.operations.ts';
import { leadOperations } from './leads.operations.ts';
import { liveOperations } from './live.operations.ts';
import type { Method, Operation } from './operation.ts';
import { paymentReportOperations } from './payment-reports.operations.ts';
import { paymentOperations } from './payments.operations.ts';
import { publicOperations } from './public.operations.ts';
import { quoteOperations } from './quotes.operations.ts';
import { schedulingOperations } from './scheduling.operations.ts';
import { settingsOperations } from './settings.operations.ts';
import { teamOperations } from './team.operations.ts';
import { tipOperations } from './tips.operations.ts';
import { workdayOperations } from './workday.operations.ts';

/** Every feature's table of calls, by feature: each call's name is unique across them. */
export const OPERATION_TABLES = {
  public: publicOperations,
  leads: leadOperations,
  automations: automationOperations,
  conversations: conversationOperations,
  team: teamOperations,
  live: liveOperations,
  settings: settingsOperations,
  quotes: quoteOperations,
  scheduling: schedulingOperations,
  workday: workdayOperations,
  calls: callOperations,
  payments: paymentOperations,
  paymentReports: paymentReportOperations,
  tips: tipOperations,
  account: accountOperations,
} as const;

type Tables = typeof OPERATION_TABLES;
/** A call's name in its feature's table (`listLeads`, `withdrawQuote`…). */
export type OperationName = { [T in keyof Tables]: keyof Tables[T] & string }[keyof Tables];

/** Every call with its name. */
export const NAMED_OPERATIONS: ReadonlyArray<readonly [OperationName, Operation]> = Object.values(
  OPERATION_TABLES,
).flatMap((table) => Object.entries(table) as Array<[OperationName, Operation]>);

export const OPERATIONS: readonly Operation[] = NAMED_OPERATIONS.map(([, operation]) => operation);

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  return want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

const parameterCount = (operation: Operation) => segmentsOf(operation.path).filter((s) => s.startsWith(':')).length;

/** The call a request path (no query string) and method reach; HEAD is answered by GET. */
export function findOperation(method: string, path: string): Operation | undefined {
  const wanted = (method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()) as Method;
  return OPERATIONS.filter((operation) => operation.method === wanted && matches(operation.path, path)).sort(
    (a, b) => parameterCount(a) - parameterCount(b),
  )[0];
}
