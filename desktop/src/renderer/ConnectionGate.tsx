import { type ReactNode, useEffect, useReducer } from 'react';
import type { ShineDesktopBridge } from '../common/bridge.ts';
import { INITIAL_GATE_PHASE, isCheckPending, probeHealth, reduceGate } from './connection-state.ts';
import { OfflineScreen } from './OfflineScreen.tsx';
import { ReconnectingBanner } from './ReconnectingBanner.tsx';
import { ServerSetupScreen } from './ServerSetupScreen.tsx';
import { StatusScreen } from './StatusScreen.tsx';

const CONNECTION_LOST = 'The connection to the server was lost.';

/**
 * The desktop app's own screens around the CRM: first-run server setup, "can't reach the server"
 * with automatic retries, and a reconnecting banner once the CRM runs. They belong to the desktop
 * package, so the app never waits on, or shows a blank window because of, anything in the CRM.
 */
export function ConnectionGate({ bridge, children }: { bridge: ShineDesktopBridge; children: ReactNode }) {
  const [phase, dispatch] = useReducer(reduceGate, INITIAL_GATE_PHASE);

  useEffect(() => {
    let alive = true;
    bridge
      .getSettings()
      .then((settings) => alive && dispatch({ type: 'settings-loaded', serverUrl: settings.serverUrl }))
      .catch(() => alive && dispatch({ type: 'settings-loaded', serverUrl: null }));
    return () => {
      alive = false;
    };
  }, [bridge]);

  const checkPending = isCheckPending(phase);
  useEffect(() => {
    if (!checkPending) return;
    let alive = true;
    void probeHealth(window.fetch.bind(window)).then((outcome) => {
      if (!alive) return;
      dispatch(outcome.ok ? { type: 'health-ok' } : { type: 'health-failed', message: outcome.message });
    });
    return () => {
      alive = false;
    };
  }, [checkPending]);

  const countingDown = phase.kind === 'offline' || (phase.kind === 'online' && phase.outage?.checking === false);
  useEffect(() => {
    if (!countingDown) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [countingDown]);

  const isOnline = phase.kind === 'online';
  useEffect(() => {
    if (!isOnline) return;
    return bridge.onServerUnreachable(() => dispatch({ type: 'server-unreachable', message: CONNECTION_LOST }));
  }, [bridge, isOnline]);

  // Before the CRM is up, the menu's Settings… opens the app's own server screen; afterwards the
  // CRM's Settings dialog handles it (it subscribes to the same event).
  useEffect(() => {
    if (isOnline) return;
    return bridge.onOpenSettings(() => dispatch({ type: 'open-setup' }));
  }, [bridge, isOnline]);

  switch (phase.kind) {
    case 'loading':
      return <StatusScreen title="Starting…" />;
    case 'checking':
      return <StatusScreen title="Connecting to the server…" detail={phase.serverUrl} />;
    case 'setup':
      return (
        <ServerSetupScreen
          bridge={bridge}
          initialUrl={phase.serverUrl}
          isFirstRun={!phase.canCancel}
          onSaved={(serverUrl) => dispatch({ type: 'server-saved', serverUrl })}
          onCancel={phase.canCancel ? () => dispatch({ type: 'cancel-setup' }) : undefined}
        />
      );
    case 'offline':
      return (
        <OfflineScreen
          serverUrl={phase.serverUrl}
          message={phase.message}
          retryIn={phase.retryIn}
          onRetry={() => dispatch({ type: 'retry-now' })}
          onChangeServer={() => dispatch({ type: 'open-setup' })}
        />
      );
    case 'online':
      return (
        <>
          {phase.outage ? (
            <ReconnectingBanner
              message={phase.outage.message}
              retryIn={phase.outage.retryIn}
              checking={phase.outage.checking}
              onRetry={() => dispatch({ type: 'retry-now' })}
            />
          ) : null}
          {children}
        </>
      );
  }
}
