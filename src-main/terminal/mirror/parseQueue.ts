/**
 * What a mirror's terminal parses, in order: output, and steps (a resize, a snapshot) that run
 * once everything before them is parsed. During a flood of plain lines it holds the output
 * briefly and parses only the part that still reaches the scrollback (see scrolledOff.ts): the
 * bytes the terminal would push out anyway are dropped unparsed, exactly.
 */
import type { Terminal } from '@xterm/headless';
import { linesToPushOut, scanChunk, skipPoint, type ChunkScan } from './scrolledOff';

/** UTF-8 output handed to the queue, whole characters only. */
export interface QueuedBytes {
  bytes: Uint8Array;
  /** Counts the bytes as parsed in the writer's backlog before they are: held plain output. */
  accept(): void;
  /** The bytes are parsed or skipped and read no more (accepted too, if they were not). */
  release(): void;
}

type Op =
  | { kind: 'bytes'; chunk: QueuedBytes; scan: ChunkScan }
  | { kind: 'text'; data: string; parsed: () => void }
  | { kind: 'step'; run: () => void };

/** How long plain output waits for more before it is parsed (a snapshot or resize does not wait). */
const HOLD_MS = 250;
/** Plain output held: parsed at once when it reaches this many bytes... */
const PUMP_BYTES = 4 * 1024 * 1024;
/** ...or this many times the line feeds that push the buffer out (it parses one of them). */
const PUMP_FACTOR = 8;
/** Held bytes counted as parsed before they are; more waits in the writer's backlog. */
const EARLY_BYTES = 6 * 1024 * 1024;

interface Internals {
  _core?: {
    _inputHandler?: { _parser?: { currentState?: number }; _parseStack?: { paused?: boolean } };
    buffer?: { scrollTop?: number; scrollBottom?: number };
  };
}

/**
 * Nothing half-parsed (an escape sequence, a paused handler) and the whole screen scrolls: the
 * state skipping relies on. Read from xterm's internals; any other shape skips nothing.
 */
function atRest(term: Terminal): boolean {
  const core = (term as unknown as Internals)._core;
  const handler = core?._inputHandler;
  return (
    handler?._parser?.currentState === 0 &&
    handler._parseStack?.paused === false &&
    core?.buffer?.scrollTop === 0 &&
    core.buffer.scrollBottom === term.rows - 1
  );
}

export class ParseQueue {
  private ops: Op[] = [];
  /** Output handed to xterm and not parsed yet: the next batch waits for it. */
  private busy = false;
  private holding: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Over the ops held: whether all are plain output, its bytes and line feeds. */
  private plain = true;
  private heldBytes = 0;
  private heldLines = 0;

  constructor(private readonly term: Terminal) {}

  bytes(chunk: QueuedBytes): void {
    if (this.disposed) return chunk.release();
    const scan = scanChunk(chunk.bytes);
    this.plain &&= scan.plainEnd === chunk.bytes.length;
    this.heldBytes += chunk.bytes.length;
    this.heldLines += scan.lines;
    if (this.plain && this.heldBytes <= EARLY_BYTES) chunk.accept();
    this.ops.push({ kind: 'bytes', chunk, scan });
    this.pump();
  }

  text(data: string, parsed: () => void): void {
    if (this.disposed) return;
    this.ops.push({ kind: 'text', data, parsed });
    this.plain = false;
    this.pump();
  }

  /** Runs `run` once everything queued before it is parsed, before anything after it is. */
  step(run: () => void): void {
    if (this.disposed) return;
    this.ops.push({ kind: 'step', run });
    this.plain = false;
    this.pump();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.holding);
    for (const op of this.ops.splice(0)) if (op.kind === 'bytes') op.chunk.release();
  }

  private pump(): void {
    if (this.busy || this.disposed || this.ops.length === 0) return;
    const enough = PUMP_FACTOR * linesToPushOut(this.term.rows, this.term.options.scrollback ?? 0);
    if (this.plain && this.heldLines < enough && this.heldBytes < PUMP_BYTES) {
      this.holding ??= setTimeout(() => {
        this.holding = undefined;
        this.flush();
      }, HOLD_MS);
      this.holding.unref?.();
      return;
    }
    this.flush();
  }

  /** Hands xterm everything up to the first step, and runs that step once it is parsed. */
  private flush(): void {
    if (this.busy || this.disposed || this.ops.length === 0) return;
    clearTimeout(this.holding);
    this.holding = undefined;
    const stepAt = this.ops.findIndex((op) => op.kind === 'step');
    const taken = this.ops.splice(0, stepAt === -1 ? this.ops.length : stepAt + 1);
    this.recount();
    this.busy = true;
    this.parse(taken);
    this.term.write('', () => {
      this.busy = false;
      for (const op of taken) if (op.kind === 'step') op.run();
      this.pump();
    });
  }

  private parse(ops: readonly Op[]): void {
    let first = 0;
    let offset = 0;
    const leading = ops.findIndex((op) => op.kind !== 'bytes');
    const output = (leading === -1 ? ops : ops.slice(0, leading)) as Array<Extract<Op, { kind: 'bytes' }>>;
    if (output.length > 0 && atRest(this.term)) {
      const lines = linesToPushOut(this.term.rows, this.term.options.scrollback ?? 0);
      const start = skipPoint(
        output.map((op) => op.chunk.bytes),
        output.map((op) => op.scan),
        lines,
      );
      if (start) ({ chunk: first, offset } = start);
    }
    ops.forEach((op, i) => {
      if (op.kind === 'step') return;
      if (op.kind === 'text') return this.term.write(op.data, op.parsed);
      if (i < first) return op.chunk.release();
      const bytes = i === first && offset > 0 ? op.chunk.bytes.subarray(offset) : op.chunk.bytes;
      this.term.write(bytes, () => op.chunk.release());
    });
  }

  private recount(): void {
    this.plain = true;
    this.heldBytes = 0;
    this.heldLines = 0;
    for (const op of this.ops) {
      if (op.kind !== 'bytes') this.plain = false;
      else {
        this.plain &&= op.scan.plainEnd === op.chunk.bytes.length;
        this.heldBytes += op.chunk.bytes.length;
        this.heldLines += op.scan.lines;
      }
    }
  }
}
