// The one script every page loads (external, deferred as a module): no framework, a few hundred bytes.
import { captureAttribution } from './attribution.ts';
import { fillCurrentDates } from './current-date.ts';
import { installScrollToTopOnSearchChange } from './scroll-to-top.ts';

captureAttribution();
fillCurrentDates();
installScrollToTopOnSearchChange();
