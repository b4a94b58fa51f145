import type { CaduceusBridge } from '../src-shared/ipc/bridge';

declare global {
  interface Window {
    /** The preload bridge; present only inside Electron. */
    readonly caduceus?: CaduceusBridge;
  }
}
