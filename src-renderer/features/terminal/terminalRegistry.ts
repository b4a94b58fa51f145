import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { SerializeAddon } from '@xterm/addon-serialize';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebglAddon } from '@xterm/addon-webgl';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { HiddenPacer, type ScreenStart } from './hiddenPacer';
import { readTerminalTheme } from './xtermTheme';
import { tabEscapeHandler } from './tabEscape';
import { coalesceViewportSync } from './viewportSync';
import { pageRenderer, type TerminalRenderer } from './rendererChoice';

export interface TerminalEntry {
  term: Terminal;
  fit: FitAddon;
  search: SearchAddon;
  serialize: SerializeAddon;
  /** Lives outside React so output keeps flowing into hidden tabs and survives re-renders. */
  element: HTMLDivElement;
  opened: boolean;
  renderer: TerminalRenderer;
  /** Characters xterm has parsed so far; mirrored on the element as data-parsed-chars. */
  parsedChars: number;
  /**
   * Writes handed to xterm and not parsed yet: a fit waits for them, so a screen written at the
   * grid it was taken at is reflowed whole, never half-written.
   */
  unparsed: number;
  /** A fit waits for those writes. */
  fitWaits: boolean;
  /**
   * Whether its view follows the newest output: as the user left it (wheel, keys, scrollbar). xterm
   * also moves the view by itself when its element is resized, hidden or put back, and can leave
   * it a few lines up, after which output no longer scrolls it: such moves do not count.
   */
  followed: boolean;
  /** The grid last fitted to the pane and told to main (a snapshot's own grid is not). */
  reported?: Grid;
}

export interface Grid {
  cols: number;
  rows: number;
}

/** The view shows the newest line, so new output scrolls it along. */
const atBottom = (term: Terminal): boolean => term.buffer.active.viewportY >= term.buffer.active.baseY;

export interface RegistryHooks {
  /** The user typed or pasted into a tab. */
  input(key: string, data: string): void;
  /** The tab's grid fitted to the pane changed: its command's PTY should follow. */
  resized(key: string, cols: number, rows: number): void;
  /** xterm parsed `chars` characters of a stream. */
  parsed(streamId: string, chars: number): void;
  /** WebGL lost its context: the tab now draws with the DOM renderer. */
  rendererLost(key: string): void;
  /** While true, hidden tabs' snapshots wait whole (see HiddenPacer.holdScreens). */
  holdHiddenScreens?(): boolean;
  /** A tab's terminal was put on the page or taken off it. */
  viewChanged?(): void;
}

/** Stands for the stream of a note: nothing acknowledges it. */
const NOTE = '';
/** Full reset (RIS), parsed in order with the writes around it. */
const RESET = '\x1bc';

/** One xterm per terminal tab, created on first output and kept until the tab closes. */
export class TerminalRegistry {
  private readonly entries = new Map<string, TerminalEntry>();
  private readonly pacer: HiddenPacer;
  /** The pane's grid, as last fitted: tabs share the pane, so a new terminal starts at it. */
  private paneGrid: Grid | undefined;

  constructor(private readonly hooks: RegistryHooks) {
    this.pacer = new HiddenPacer({
      write: (key, streamId, data, start) => {
        const regridded = start !== undefined && this.reset(key, start);
        this.parse(key, streamId, data);
        // Parsed at the grid it was taken at, the screen then takes the pane's grid again.
        if (regridded) this.fit(key);
      },
      dropped: (streamId, chars) => hooks.parsed(streamId, chars),
      holdScreens: () => hooks.holdHiddenScreens?.() ?? false,
    });
  }

  get(key: string): TerminalEntry | undefined {
    return this.entries.get(key);
  }

  ensure(key: string): TerminalEntry {
    const existing = this.entries.get(key);
    if (existing) return existing;
    const term = new Terminal({
      allowProposedApi: true,
      // A steady cursor, as VS Code's terminal has by default: the DOM renderer blinks with a CSS
      // animation that has the page draw a frame every vsync for as long as the terminal has focus.
      cursorBlink: false,
      fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace",
      fontSize: 13,
      scrollback: 10_000,
      theme: readTerminalTheme(),
      // Output parsed before the first fit then needs no reflow.
      ...this.paneGrid,
    });
    const entry: TerminalEntry = {
      term,
      fit: new FitAddon(),
      search: new SearchAddon(),
      serialize: new SerializeAddon(),
      element: document.createElement('div'),
      opened: false,
      renderer: 'dom',
      parsedChars: 0,
      unparsed: 0,
      fitWaits: false,
      followed: true,
    };
    entry.element.className = 'xterm-host';
    // Lets tests and benchmarks read the buffer cell by cell, as they read data-parsed-chars.
    Object.defineProperty(entry.element, 'terminal', { value: term });
    term.loadAddon(entry.fit);
    term.loadAddon(entry.search);
    term.loadAddon(entry.serialize);
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
    // Tab stays the shell's; Shift+Tab or Escape-then-Tab leave the terminal.
    term.attachCustomKeyEventHandler(tabEscapeHandler());
    term.onData((data) => this.hooks.input(key, data));
    // Where the user leaves the view, once xterm has moved it.
    const noteView = () => requestAnimationFrame(() => (entry.followed = atBottom(term)));
    for (const type of ['wheel', 'keyup', 'pointerup'] as const)
      entry.element.addEventListener(type, noteView, { passive: true });
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Replaces what the tab shows with a snapshot of its screen from main. A hidden tab parses it
   * at the pacer's rate, or all at once when it is shown: a reload that restores many screens
   * gives the one in front the page's time first.
   */
  replace(key: string, streamId: string, snapshot: string, size?: Grid): void {
    this.ensure(key);
    // Older output held for a hidden tab is part of the snapshot.
    this.pacer.drop(key);
    this.pacer.push(key, streamId, snapshot, this.shows(key), { size });
  }

  /** Output for a tab: parsed now when it is in view, at a bounded rate while it is hidden. */
  write(key: string, streamId: string, data: string): void {
    this.ensure(key);
    this.pacer.push(key, streamId, data, this.shows(key));
  }

  /** A line of the app's own (not a stream's), after the tab's output so far. */
  note(key: string, text: string): void {
    this.ensure(key);
    this.pacer.push(key, NOTE, text, this.shows(key));
  }

  /** The tab's grid in the pane, which its command's PTY should have (not a snapshot's passing one). */
  gridOf(key: string): Grid | undefined {
    const entry = this.entries.get(key);
    return entry && (entry.reported ?? { cols: entry.term.cols, rows: entry.term.rows });
  }

  /** Clears the tab for a snapshot; true when the terminal took the snapshot's grid for it. */
  private reset(key: string, { size }: ScreenStart): boolean {
    const term = this.entries.get(key)?.term;
    if (!term) return false;
    // A full reset (RIS) in the stream, not term.reset(): xterm parses writes later, so output
    // written before the snapshot but not parsed yet would land on the reset screen.
    term.write(RESET);
    // Written at the grid it was taken at; a fit afterwards reflows it like main's mirror.
    if (!size || (size.cols === term.cols && size.rows === term.rows)) return false;
    term.resize(size.cols, size.rows);
    return true;
  }

  private parse(key: string, streamId: string, data: string): void {
    const entry = this.entries.get(key);
    const parsed = () => {
      if (streamId !== NOTE) this.hooks.parsed(streamId, data.length);
    };
    // Closed meanwhile: nothing shows it, but the stream still counts it as handled.
    if (!entry) return parsed();
    entry.unparsed++;
    entry.term.write(data, () => {
      entry.unparsed--;
      if (entry.followed && !atBottom(entry.term)) entry.term.scrollToBottom();
      entry.parsedChars += data.length;
      // Shows tests and benchmarks how far xterm has got, whichever renderer draws.
      entry.element.dataset.parsedChars = String(entry.parsedChars);
      parsed();
    });
  }

  /** Puts the tab's terminal into `host`, opening it the first time, and fits it. */
  attach(key: string, host: HTMLElement): TerminalEntry {
    const entry = this.ensure(key);
    host.appendChild(entry.element);
    this.pacer.show(key);
    if (!entry.opened) {
      entry.term.open(entry.element);
      entry.opened = true;
      if (coalesceViewportSync(entry.term, entry.element)) entry.element.dataset.viewportSync = 'coalesced';
      entry.renderer =
        pageRenderer() === 'dom'
          ? 'dom'
          : loadWebgl(entry.term, () => {
              entry.renderer = 'dom';
              entry.element.dataset.renderer = 'dom';
              this.hooks.rendererLost(key);
            });
      entry.element.dataset.renderer = entry.renderer;
    }
    this.fit(key);
    // Put back on the page, xterm takes its scroll position from an element that lost it.
    if (entry.followed) entry.term.scrollToBottom();
    this.hooks.viewChanged?.();
    return entry;
  }

  /** The tab's terminal is on the page: in front, in an open pane. */
  shows(key: string): boolean {
    return this.entries.get(key)?.element.isConnected === true;
  }

  /** Takes the tab's terminal off the page (its pane closed, another tab in front). */
  detach(key: string): void {
    this.entries.get(key)?.element.remove();
    this.hooks.viewChanged?.();
  }

  fit(key: string): void {
    const entry = this.entries.get(key);
    if (!entry?.opened) return;
    // What is written but not parsed (a screen held while the tab was hidden) is parsed at the
    // grid it was written for first, then reflowed: a resize between its parts would break it.
    if (entry.unparsed > 0) {
      if (entry.fitWaits) return;
      entry.fitWaits = true;
      entry.term.write('', () => {
        entry.fitWaits = false;
        this.fitNow(key, entry);
      });
      return;
    }
    this.fitNow(key, entry);
  }

  private fitNow(key: string, entry: TerminalEntry): void {
    // A hidden element measures 0×0; fitting it would shrink the terminal to nothing.
    if (entry.element.clientWidth === 0 || entry.element.clientHeight === 0) return;
    entry.fit.fit();
    const grid = { cols: entry.term.cols, rows: entry.term.rows };
    this.paneGrid = grid;
    // Only the pane's grid goes to main: a snapshot's (reset) is the PTY's already.
    if (entry.reported?.cols !== grid.cols || entry.reported.rows !== grid.rows) {
      entry.reported = grid;
      this.hooks.resized(key, grid.cols, grid.rows);
    }
    // A view that followed the output still does after the grid changes (rows come and go above it).
    if (entry.followed) entry.term.scrollToBottom();
  }

  setTheme(): void {
    const theme = readTerminalTheme();
    for (const entry of this.entries.values()) entry.term.options.theme = theme;
  }

  dispose(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.pacer.drop(key);
    entry.term.dispose();
    entry.element.remove();
  }
}

/** WebGL when the browser gives it; otherwise, and after a lost context, xterm's DOM renderer. */
function loadWebgl(term: Terminal, lost: () => void): TerminalRenderer {
  try {
    const webgl = new WebglAddon();
    webgl.onContextLoss(() => {
      // Disposing the addon hands drawing back to xterm's DOM renderer.
      webgl.dispose();
      lost();
    });
    term.loadAddon(webgl);
    return 'webgl';
  } catch {
    return 'dom';
  }
}
