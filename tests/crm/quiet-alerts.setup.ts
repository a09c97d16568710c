// Runs before every spec (the `setup` project): the shared admin's new-lead toasts go off, so a quote
// posted by one spec never covers the page another spec is working on. live.spec.ts, which runs after
// the others and alone, turns them back on to test them.
import { test as setup } from '../support/test.ts';
import { setNewLeadToasts, signIn } from './support.ts';

setup('the shared admin gets no new-lead toasts while specs run in parallel', async ({ page }) => {
  await signIn(page);
  await setNewLeadToasts(page.request, false);
});
