import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CrmApp } from './App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <CrmApp basename="/admin" />
  </StrictMode>,
);
