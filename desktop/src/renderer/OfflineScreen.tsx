import { StatusScreen } from './StatusScreen.tsx';

export interface OfflineScreenProps {
  serverUrl: string;
  message: string;
  retryIn: number;
  onRetry: () => void;
  onChangeServer: () => void;
}

/** The server could not be reached at start-up: say so plainly, keep retrying, offer the two ways out. */
export function OfflineScreen({ serverUrl, message, retryIn, onRetry, onChangeServer }: OfflineScreenProps) {
  return (
    <StatusScreen title="Can't reach the server">
      <p className="gate-message" role="alert">
        {message}
      </p>
      <p className="gate-detail">
        Server: <span className="gate-url">{serverUrl}</span>
      </p>
      <p className="gate-detail" aria-live="polite">
        Trying again in {retryIn} {retryIn === 1 ? 'second' : 'seconds'}…
      </p>
      <div className="gate-actions">
        <button type="button" className="gate-button gate-button-primary" onClick={onRetry}>
          Retry now
        </button>
        <button type="button" className="gate-button" onClick={onChangeServer}>
          Change server…
        </button>
      </div>
    </StatusScreen>
  );
}
