import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { DesktopResult, ShineDesktopBridge } from '../common/bridge.ts';
import { StatusScreen } from './StatusScreen.tsx';

export interface ServerSetupScreenProps {
  bridge: ShineDesktopBridge;
  initialUrl: string | null;
  isFirstRun: boolean;
  onSaved: (serverUrl: string) => void;
  onCancel?: () => void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; action: 'test' | 'save' }
  | { kind: 'done'; action: 'test' | 'save'; result: DesktopResult };

/**
 * Where staff enter the server address: on first run, and from "Change server…" while the server
 * cannot be reached. The main process validates the address and checks `/api/health` before saving.
 */
export function ServerSetupScreen({ bridge, initialUrl, isFirstRun, onSaved, onCancel }: ServerSetupScreenProps) {
  const [url, setUrl] = useState(initialUrl ?? '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();

  useEffect(() => inputRef.current?.focus(), []);

  const run = async (action: 'test' | 'save') => {
    setStatus({ kind: 'busy', action });
    let result: DesktopResult;
    try {
      result = action === 'test' ? await bridge.testServerUrl(url) : await bridge.setServerUrl(url);
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    setStatus({ kind: 'done', action, result });
    if (action === 'save' && result.ok) {
      const settings = await bridge.getSettings();
      if (settings.serverUrl) onSaved(settings.serverUrl);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run('save');
  };

  const busy = status.kind === 'busy';
  const failed = status.kind === 'done' && !status.result.ok;
  return (
    <StatusScreen
      title={isFirstRun ? 'Connect to your server' : 'Server settings'}
      detail={
        isFirstRun
          ? 'Enter the address of the server your office uses for the CRM. You only need to do this once.'
          : undefined
      }
    >
      <form className="gate-form" onSubmit={onSubmit} noValidate>
        <label className="gate-label" htmlFor={inputId}>
          Server URL
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="gate-input"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://crm.example.com"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={`${hintId} ${statusId}`}
          aria-invalid={failed}
          disabled={busy}
          required
        />
        <p id={hintId} className="gate-hint">
          For example https://crm.example.com, or http://192.168.1.20:3000 on the office network.
        </p>
        <p id={statusId} className={failed ? 'gate-message' : 'gate-success'} role="status" aria-live="polite">
          {status.kind === 'busy'
            ? status.action === 'test'
              ? 'Testing the connection…'
              : 'Checking and saving…'
            : null}
          {status.kind === 'done'
            ? status.result.ok
              ? status.action === 'test'
                ? 'Connection works.'
                : 'Saved. Connecting…'
              : status.result.message
            : null}
        </p>
        <div className="gate-actions">
          <button type="submit" className="gate-button gate-button-primary" disabled={busy}>
            Save and connect
          </button>
          <button type="button" className="gate-button" disabled={busy} onClick={() => void run('test')}>
            Test connection
          </button>
          {onCancel ? (
            <button type="button" className="gate-button gate-button-quiet" disabled={busy} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </StatusScreen>
  );
}
