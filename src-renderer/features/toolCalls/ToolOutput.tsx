import type { ReactNode } from 'react';
import { CopyButton } from '../../ui/CopyButton';
import { excerpt } from './outputLines';

/** Output as monospace text: the first and last lines, with how many lie between. */
export function ToolOutput({ text, title, footer }: { text: string; title: string; footer?: ReactNode }) {
  const { head, tail, hidden } = excerpt(text);
  return (
    <section className="tool-section">
      <div className="tool-section-head">
        <h4>{title}</h4>
        <CopyButton text={text} label="Copy output" testId="tool-output-copy" />
      </div>
      <pre className="tool-pre" data-testid="tool-output">
        {head}
        {hidden > 0 && (
          <span className="tool-hidden-lines" data-testid="tool-hidden-lines">
            {`\n… +${hidden} lines …\n`}
          </span>
        )}
        {tail}
      </pre>
      {footer}
    </section>
  );
}
