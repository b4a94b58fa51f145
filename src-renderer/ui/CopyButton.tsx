import { useState } from 'react';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

type CopyState =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'copied' } | { kind: 'failed'; reason: string };

/**
 * Copies `text` to the clipboard and says so for a moment. `text` may be fetched first (a long
 * output only partly loaded): the button says it is busy meanwhile, and why, if it fails.
 */
export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string | (() => Promise<string>);
  label?: string;
  testId?: string;
}) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const id = testId ?? 'copy-button';
  const busy = state.kind === 'busy';
  const button = (
    <button
      type="button"
      className="copy-button"
      data-testid={id}
      data-state={state.kind}
      aria-label={state.kind === 'copied' ? 'Copied' : busy ? `${label}: copying` : label}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        if (busy) return;
        if (typeof text !== 'string') setState({ kind: 'busy' });
        void (typeof text === 'string' ? Promise.resolve(text) : text()).then(copyText).then(
          () => setState({ kind: 'copied' }),
          (err: unknown) =>
            setState({ kind: 'failed', reason: err instanceof Error ? err.message : String(err) }),
        );
      }}
      onBlur={() => setState((s) => (s.kind === 'copied' ? { kind: 'idle' } : s))}
    >
      {busy ? <Spinner /> : <Icon name={state.kind === 'copied' ? 'check' : 'copy'} />}
      <span>{busy ? 'Copying…' : state.kind === 'copied' ? 'Copied' : 'Copy'}</span>
    </button>
  );
  if (state.kind !== 'failed') return button;
  return (
    <span className="copy-with-error">
      <span className="copy-error" role="alert" data-testid={`${id}-error`}>
        {`Could not copy: ${state.reason}`}
      </span>
      {button}
    </span>
  );
}

/** The async clipboard needs a secure context; loopback http is one, but fall back anyway. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
