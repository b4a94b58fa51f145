import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while `active` (for ticking elapsed times). */
export function useNow(active: boolean, intervalMs = 100): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/** Below this a running clock shows tenths of a second; from it on, whole seconds. */
const TENTHS_UNTIL_MS = 1_000;

/**
 * How often a clock that has run `elapsedMs` needs re-reading to show every change: ten times a
 * second while it shows tenths, then once a second. Each tick repaints the page, and a long
 * command (a flood of output) would otherwise pay for ten of them a second.
 */
export function clockTickMs(elapsedMs: number): number {
  return elapsedMs < TENTHS_UNTIL_MS ? 100 : 1_000;
}

/** A running clock: tenths of a second at first, then whole seconds (as it ticks). */
export function formatRunning(ms: number): string {
  if (ms < TENTHS_UNTIL_MS || ms >= 60_000) return formatDuration(ms);
  return `${Math.floor(ms / 1_000)}s`;
}

export function formatDuration(ms: number): string {
  const safe = Math.max(0, ms);
  if (safe < 60_000) return `${(safe / 1_000).toFixed(1)}s`;
  const minutes = Math.floor(safe / 60_000);
  const seconds = Math.floor((safe % 60_000) / 1_000);
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}
