/** What a terminal stream sends towards the UI, and what it can hold back. */

export interface StreamTags {
  taskId: string;
  toolCallId: string;
  streamId: string;
}

export type TerminalStreamEvent = StreamTags & {
  /** Only these consumers get the event; without it, every consumer does. */
  to?: string[];
} & (
    | {
        type: 'data';
        data: string;
        snapshot?: boolean;
        size?: { cols: number; rows: number };
        /** No data: the consumer's live output is held back for now (it floods); a snapshot follows. */
        held?: boolean;
      }
    | { type: 'exit'; exitCode: number | null; signal?: string }
  );

export type TerminalStreamSink = (event: TerminalStreamEvent) => void;

export interface PausableSource {
  pause(): void;
  resume(): void;
}

/**
 * What a stream does when consumers fall behind: hold its source while all are, or send each
 * lagging one a snapshot of the mirror once it has caught up.
 */
export type WhenBehind = 'pause' | 'snapshot';
