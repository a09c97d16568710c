// What other features use of calls (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { listCallsToCallBackOf } from './calls.service.ts';
