import { useState } from 'react';
import { Icon } from './Icon';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string;
  label?: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy-button"
      data-testid={testId ?? 'copy-button'}
      aria-label={copied ? 'Copied' : label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        void copyText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      onBlur={() => setCopied(false)}
    >
      <Icon name={copied ? 'check' : 'copy'} />
      <span>{copied ? 'Copied' : 'Copy'}</span>
    </button>
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
