/** Terminal output flow control, shared by main (producer) and renderer (consumer). */
export const FlowControl = {
  /** Pause the source when this many characters are unacknowledged. */
  highWatermarkChars: 100_000,
  /**
   * An agent's command is never paused: a consumer this far behind gets a snapshot of the screen
   * once it has caught up. Above the largest batch, so one batch cannot put a consumer behind.
   */
  snapshotWindowChars: 400_000,
  /** Resume the source once unacknowledged characters drop below this. */
  lowWatermarkChars: 5_000,
  /** The consumer acknowledges after parsing this many characters. */
  charCountAckSize: 5_000,
  /** Output is batched into one event at most this often. */
  batchIntervalMs: 5,
} as const;

/** Tool results that carry command output are truncated to this many characters by default. */
export const DEFAULT_MAX_OUTPUT_CHARS = 50_000;

/** Error texts returned to the model are capped at this length. */
export const MAX_ERROR_CHARS = 2_000;
