// What other features use of live (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { publishLiveEvent, publishLiveEvents, publishSessionEnded, publishSessionsRevoked } from './live.service.ts';
