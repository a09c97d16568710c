import { GATE_TOKENS } from './gate-tokens.ts';

export interface ReconnectingBannerProps {
  message: string;
  retryIn: number;
  checking: boolean;
  onRetry: () => void;
}

/** Shown over the running CRM while the server is away; the CRM stays mounted underneath. */
export function ReconnectingBanner({ message, retryIn, checking, onRetry }: ReconnectingBannerProps) {
  return (
    <div className="gate-banner" role="status" aria-live="polite" style={GATE_TOKENS}>
      <span className="gate-banner-text">
        {message} {checking ? 'Checking…' : `Trying again in ${retryIn} s.`}
      </span>
      <button type="button" className="gate-banner-button" onClick={onRetry} disabled={checking}>
        Retry now
      </button>
    </div>
  );
}
