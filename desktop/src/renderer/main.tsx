import { CrmApp, type CrmPlatform } from '@shine/crm';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShineDesktopBridge } from '../common/bridge.ts';
import { ConnectionGate } from './ConnectionGate.tsx';
import './gate.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The part of the bridge the CRM uses: choosing the server, and the menu's Settings… item. */
function buildCrmPlatform(bridge: ShineDesktopBridge): CrmPlatform {
  return {
    server: {
      getSettings: () => bridge.getSettings(),
      testServerUrl: (url) => bridge.testServerUrl(url),
      setServerUrl: (url) => bridge.setServerUrl(url),
    },
    onOpenSettings: (listener) => bridge.onOpenSettings(listener),
  };
}

// The one place the renderer reads the bridge from `window`.
const bridge = window.shineDesktop;
if (!bridge)
  console.error('The desktop bridge is missing: the preload script did not run. Showing the CRM without it.');

// The CRM is served at shine://app/admin/..., so its routes and its relative `/api` calls work unchanged.
const crm = <CrmApp basename="/admin" platform={bridge ? buildCrmPlatform(bridge) : {}} />;

createRoot(container).render(
  <StrictMode>{bridge ? <ConnectionGate bridge={bridge}>{crm}</ConnectionGate> : crm}</StrictMode>,
);
