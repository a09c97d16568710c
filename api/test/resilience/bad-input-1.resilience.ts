// Generated bad input against every endpoint (support/bad-input-suite.ts), shard 1 of 2: every other
// endpoint, signed in and signed out, in a process and on a database of its own.
import { defineBadInputSuite } from './support/bad-input-suite.ts';

defineBadInputSuite(0, 2);
