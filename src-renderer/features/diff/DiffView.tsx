import { Fragment, useMemo, useState } from 'react';
import { parseUnifiedDiff, type DiffLine } from '../../../src-shared/diffText';
import { highlighterFor, type Highlighter } from './highlight';
import { countChanges, splitRows } from './rows';
import './diff.css';

export type DiffMode = 'unified' | 'split';

export interface DiffViewProps {
  /** A unified diff of one file (`git diff`'s format). */
  diff: string;
  /** The file's path: its name is shown and its extension picks the highlighting. */
  path: string;
  testId?: string;
  /** The first mode; the toolbar switches it. */
  initialMode?: DiffMode;
  /** Shown in the toolbar after the path. */
  note?: string;
}

const SIGN: Record<DiffLine['kind'], string> = { context: ' ', add: '+', remove: '-' };

/** One file's diff, unified or side by side, syntax highlighted; for cards, approvals and the Changes pane. */
export function DiffView({ diff, path, testId = 'diff-view', initialMode = 'unified', note }: DiffViewProps) {
  const [mode, setMode] = useState<DiffMode>(initialMode);
  const hunks = useMemo(() => parseUnifiedDiff(diff), [diff]);
  const { added, removed } = countChanges(hunks);
  const highlight = useMemo(
    () =>
      highlighterFor(
        path,
        hunks.reduce((n, h) => n + h.lines.length, 0),
      ),
    [path, hunks],
  );
  return (
    <section className="diff-view" data-testid={testId} data-mode={mode} aria-label={`Changes to ${path}`}>
      <header className="diff-toolbar">
        <span className="diff-path" title={path}>
          {/* Right to left, so a long path loses its start; the path itself reads left to right. */}
          <bdi dir="ltr">{path}</bdi>
        </span>
        <span className="diff-counts">
          <span className="diff-added-count">+{added}</span>{' '}
          <span className="diff-removed-count">−{removed}</span>
        </span>
        {note && <span className="diff-note muted">{note}</span>}
        <span className="diff-modes" role="group" aria-label="Diff layout">
          <button type="button" aria-pressed={mode === 'unified'} onClick={() => setMode('unified')}>
            Unified
          </button>
          <button type="button" aria-pressed={mode === 'split'} onClick={() => setMode('split')}>
            Side by side
          </button>
        </span>
      </header>
      {hunks.length === 0 ? (
        <p className="diff-empty muted">No change to the file’s content.</p>
      ) : (
        <div className="diff-scroll">
          <table className={`diff-table diff-${mode}`}>
            {/* Fixed widths: with a fixed layout the hunk header, spanning all, would set them equal. */}
            {mode === 'split' ? (
              <colgroup>
                <col className="diff-col-num" />
                <col />
                <col className="diff-col-num" />
                <col />
              </colgroup>
            ) : null}
            <tbody>
              {hunks.map((hunk, h) => (
                <Fragment key={h}>
                  <tr className="diff-hunk">
                    <td colSpan={4}>{hunk.header}</td>
                  </tr>
                  {mode === 'unified'
                    ? hunk.lines.map((line, i) => <UnifiedRow key={i} line={line} highlight={highlight} />)
                    : splitRows(hunk).map((row, i) => (
                        <tr key={i} className="diff-row">
                          <SideCells line={row.left} side="old" highlight={highlight} />
                          <SideCells line={row.right} side="new" highlight={highlight} />
                        </tr>
                      ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function UnifiedRow({ line, highlight }: { line: DiffLine; highlight: Highlighter }) {
  return (
    <tr className={`diff-row diff-${line.kind}`} data-kind={line.kind}>
      <td className="diff-num">{line.oldNumber ?? ''}</td>
      <td className="diff-num">{line.newNumber ?? ''}</td>
      <td className="diff-sign" aria-hidden="true">
        {SIGN[line.kind]}
      </td>
      <Code text={line.text} highlight={highlight} />
    </tr>
  );
}

function SideCells({
  line,
  side,
  highlight,
}: {
  line?: DiffLine | undefined;
  side: 'old' | 'new';
  highlight: Highlighter;
}) {
  if (!line) return <td className="diff-num diff-blank" colSpan={2} />;
  const number = side === 'old' ? line.oldNumber : line.newNumber;
  const kind = line.kind === 'context' ? 'context' : side === 'old' ? 'remove' : 'add';
  return (
    <>
      <td className={`diff-num diff-${kind}`}>{number ?? ''}</td>
      <Code text={line.text} highlight={highlight} kind={kind} />
    </>
  );
}

function Code({ text, highlight, kind }: { text: string; highlight: Highlighter; kind?: string }) {
  const html = highlight(text);
  const className = `diff-code${kind ? ` diff-${kind}` : ''}`;
  // highlight.js escapes the text it marks up (see highlight.ts).
  return html === undefined ? (
    <td className={className}>{text}</td>
  ) : (
    <td className={className} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
