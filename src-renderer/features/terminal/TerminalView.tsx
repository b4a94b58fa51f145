import { useEffect, useRef } from 'react';
import { terminalMayTakeFocus } from './focusPolicy';
import { TAB_ESCAPE_HINT } from './tabEscape';
import { terminals } from './terminalSync';

/** Shows one tab's xterm; the xterm itself lives in the registry and outlives this component. */
export function TerminalView({ tabKey }: { tabKey: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const entry = terminals.attach(tabKey, el);
    if (terminalMayTakeFocus(el)) entry.term.focus();
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => terminals.fit(tabKey));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      terminals.detach(tabKey);
    };
  }, [tabKey]);

  return (
    <div
      ref={host}
      className="terminal-view"
      data-testid="terminal-view"
      data-tab={tabKey}
      title={TAB_ESCAPE_HINT}
    />
  );
}
