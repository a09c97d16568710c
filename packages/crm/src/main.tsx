import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CrmApp, type CrmPlatform } from './App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// In the browser the server is the page's own origin and there is no application menu: nothing to add.
const browserPlatform: CrmPlatform = {};

createRoot(root).render(
  <StrictMode>
    <CrmApp basename="/admin" platform={browserPlatform} />
  </StrictMode>,
);
