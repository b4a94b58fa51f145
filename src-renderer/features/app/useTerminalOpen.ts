import { useEffect, useState } from 'react';
import { WIDE_WINDOW } from './layoutMath';
import { useLayout } from './layoutStore';
import { useTerminal } from '../terminal/terminalStore';

export function useWindowWidth(): number {
  const [width, setWidth] = useState(window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** Whether the terminal pane shows: as the user chose, else in a wide window or once the agent ran a command. */
export function useTerminalOpen(): boolean {
  const chosen = useLayout((s) => s.terminalOpen);
  const windowWidth = useWindowWidth();
  const agentRanCommands = useTerminal((s) => s.tabs.some((t) => t.kind === 'agent'));
  return chosen ?? (windowWidth >= WIDE_WINDOW || agentRanCommands);
}
