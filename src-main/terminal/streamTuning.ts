/** How an output stream batches, holds for its mirror and spaces out snapshots (outputStream.ts). */
import { FlowControl } from '../../src-shared/constants';

/**
 * A batch is sent at once when it reaches this size instead of waiting for the timer. Each message
 * costs the consumer far more than its characters, so batches are as large as flow control allows.
 */
export const MAX_BATCH_CHARS = FlowControl.highWatermarkChars;

/**
 * A stream no consumer shows (a background session's command, a tab behind another, a hidden
 * window) is batched this long: each message costs a page about a millisecond however little it
 * carries, so a command printing a line every 10 ms cost the page 15% of a core in the background
 * (4% batched). A tab brought to the front gets what is pending at once.
 */
export const UNSEEN_BATCH_MS = 250;

/**
 * Snapshots take main's time: after one, the next waits this many times as long, so a page that
 * keeps falling behind costs the stream a bounded share of it.
 */
export const RESYNC_SPACING = 4;

/**
 * The mirror parses in its worker: a source that writes faster than it parses is held until it
 * has caught up, so memory stays bounded. Held for the mirror, never for a page. Half a million
 * characters is a few ms of parsing: enough to keep the worker busy, and all a flood holds.
 */
export const MIRROR_BACKLOG_CHARS = 500_000;
export const MIRROR_RESUME_CHARS = 125_000;

/**
 * Snapshot mode: lines above the screen in the snapshot of a consumer that lagged while the
 * command runs, divided by the pace it asked for. The whole scrollback is for the end (and
 * reloads): mid-flood it would be parsed again at every resync, which is most of what a lagging
 * page costs.
 */
export const LAG_SCROLLBACK = 500;
