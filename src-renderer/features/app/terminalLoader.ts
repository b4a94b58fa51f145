import type { CaduceusBridge } from '../../../src-shared/ipc/bridge';
import { reportError } from '../../state/noticesStore';
import type { ChatLink } from '../terminal/terminalSync';
import { afterFirstScreen } from './firstScreen';

/*
 * The terminals' code (xterm.js and its addons, half the renderer) is a chunk of its own,
 * loaded once the first screen is painted: the session list and the chat do not wait for it. Output of
 * commands that ran meanwhile comes back with the terminals' restore, as after a reload.
 */
let loading: Promise<void> | undefined;
let wanted: { bridge: CaduceusBridge; link: ChatLink } | undefined;
let stop: (() => void) | undefined;

/** Resolves once the terminals' code has loaded and, while the app runs, feeds them; a failed load is tried again on the next call. */
export function terminalsReady(): Promise<void> {
  loading ??= afterFirstScreen()
    .then(() => import('../terminal/terminalSync'))
    .then(
      ({ startTerminalSync }) => {
        if (wanted && !stop) stop = startTerminalSync(wanted.bridge, wanted.link);
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
  return loading;
}

/** Starts the terminals' sync as soon as their code is here; returns the stop. */
export function startTerminalsLater(bridge: CaduceusBridge, link: ChatLink): () => void {
  wanted = { bridge, link };
  terminalsReady().catch((err: unknown) => reportError('Could not load the terminal', err));
  return () => {
    wanted = undefined;
    stop?.();
    stop = undefined;
    loading = undefined;
  };
}
