/**
 * The pace pages last asked for (their frames ran long: see the page's framePace.ts), so a page
 * opened later starts there. A new window on a slow machine otherwise spends the first seconds of
 * every flood drawing at full rate, taking the command's CPU, until its own frames teach it to
 * slow down; and a reload, a second window or the browser host opens new pages often.
 */
import { MAX_MACHINE_PACE } from './machineHeadroom';

/**
 * The most a new page starts slowed by: as much as main slows pages on its own reading of the
 * machine, for the same reason (a flood's snapshots at most that many seconds apart). A page on a
 * machine since grown idle still sees the flood move, and its frames keeping time bring it back
 * to full pace within seconds.
 */
export const MAX_START_PACE = MAX_MACHINE_PACE;

export class PagePaceMemory {
  private last = 1;

  /** A page reported its pace (with an acknowledgement). */
  heard(pace: number): void {
    if (Number.isFinite(pace)) this.last = Math.max(1, pace);
  }

  /** The pace a new page starts at. */
  get start(): number {
    return Math.min(MAX_START_PACE, this.last);
  }
}
