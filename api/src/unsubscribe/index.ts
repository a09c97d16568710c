// What other features use of unsubscribe (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { unsubscribeHeaders, unsubscribeUrlOf } from './unsubscribe.service.ts';
