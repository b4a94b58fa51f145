import { useConnection } from '../../api/client';
import { useNow } from '../../ui/useNow';

/** Shown while the WebSocket to `caduceus serve` is down; the app reconnects by itself. */
export function ConnectionBanner() {
  const state = useConnection((s) => s.state);
  const retryNow = useConnection((s) => s.retryNow);
  const now = useNow(state.status === 'closed', 500);
  if (state.status === 'open' || (state.status === 'connecting' && state.attempt === 0)) return null;
  if (state.status === 'refused') {
    return (
      <div className="connection-banner" role="alert" data-testid="connection-banner" data-state="refused">
        <span>
          Caduceus was restarted with a new token, so this tab can no longer connect. Open the URL{' '}
          <code>caduceus serve</code> printed.
        </span>
        <button type="button" onClick={retryNow}>
          Retry
        </button>
      </div>
    );
  }
  const seconds = state.status === 'closed' ? Math.max(0, Math.ceil((state.retryAt - now) / 1000)) : 0;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      <span>
        Disconnected from Caduceus.{' '}
        {state.status === 'connecting' ? 'Reconnecting…' : `Reconnecting in ${seconds}s.`}
        {state.attempt >= 4 && ' If Caduceus was started again on another port, open the URL it printed.'}
      </span>
      <button type="button" onClick={retryNow} disabled={state.status === 'connecting'}>
        Retry now
      </button>
    </div>
  );
}
