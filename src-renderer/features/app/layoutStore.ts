import { create } from 'zustand';
import { SIDEBAR, TERMINAL, WIDE_WINDOW, type PaneWidths } from './layoutMath';
import { readStored, writeStored } from '../../state/webStorage';

const KEY = 'caduceus.layout';

interface Layout extends PaneWidths {
  sidebarOpen: boolean;
  /** Undefined until the user chooses: then the window and the agent's activity decide. */
  terminalOpen: boolean | undefined;
}

interface LayoutStore extends Layout {
  set(change: Partial<Layout>): void;
}

function initial(): Layout {
  const width = typeof window === 'undefined' ? WIDE_WINDOW : window.innerWidth;
  const defaults: Layout = {
    sidebar: SIDEBAR.initial,
    terminal: Math.round(width * TERMINAL.initial),
    sidebarOpen: true,
    terminalOpen: undefined,
  };
  try {
    const saved = JSON.parse(readStored(() => localStorage, KEY) ?? '{}') as Partial<Layout>;
    return { ...defaults, ...saved };
  } catch {
    // Not JSON (edited by hand, or from an older version): the defaults.
    return defaults;
  }
}

/** Pane sizes and which panes are open; kept in localStorage so a reload keeps the user's layout. */
export const useLayout = create<LayoutStore>((set, get) => ({
  ...initial(),
  set(change) {
    set(change);
    const { sidebar, terminal, sidebarOpen, terminalOpen } = get();
    writeStored(() => localStorage, KEY, JSON.stringify({ sidebar, terminal, sidebarOpen, terminalOpen }));
  },
}));
