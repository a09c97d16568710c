import { CrmApp } from '@shine/crm/App';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConnectionGate } from './ConnectionGate.tsx';
import './gate.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The CRM is served at shine://app/admin/..., so its routes and its relative `/api` calls work unchanged.
const crm = <CrmApp basename="/admin" />;
const bridge = window.shineDesktop;
if (!bridge)
  console.error('The desktop bridge is missing: the preload script did not run. Showing the CRM without it.');

createRoot(container).render(
  <StrictMode>{bridge ? <ConnectionGate bridge={bridge}>{crm}</ConnectionGate> : crm}</StrictMode>,
);
