import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyReads } from './api/early-requests.ts';
import { createQueryClient } from './api/query-client.ts';
import { sessionQueryKey } from './api/query-keys.ts';
import { CrmApp, type CrmPlatform } from './App.tsx';
import { preloadPageChunks } from './page-chunks.ts';
import { readSessionAnswer } from './session/session.ts';

const BASENAME = '/admin';
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Before React renders, all at once (docs/performance.md, first load): the session check, the
// chunks of the page and section in the URL, and the reads this URL made last time. Rendering then
// finds them under way instead of starting each after the one before.
const queryClient = createQueryClient();
void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: readSessionAnswer });
preloadPageChunks(BASENAME, window.location.pathname, window.location.search);
startEarlyReads(`${window.location.pathname}${window.location.search}`);

// In the browser the server is the page's own origin and there is no application menu: nothing to add.
const browserPlatform: CrmPlatform = {};

createRoot(root).render(
  <StrictMode>
    <CrmApp basename={BASENAME} platform={browserPlatform} queryClient={queryClient} />
  </StrictMode>,
);
