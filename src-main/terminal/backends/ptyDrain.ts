/**
 * node-pty (Unix) destroys the PTY's read socket 200 ms after the child exits, or once the socket
 * reads end of file. Whatever is still unread then is discarded: the tail of the output. Unread
 * because the socket was paused, or the event loop busy; or because the kernel answered a read
 * with EIO (end of file to Node) while the exited child's last output was still on its way to
 * the master, as Linux does. This makes that destroy first read, synchronously, what is left.
 */
import { readSync } from 'node:fs';
import type { IPty } from 'node-pty';

/** At most this much is read from the kernel at destroy time: a grandchild still writing to the
 * PTY could otherwise keep the loop going for ever. A PTY's kernel buffer is far smaller. */
export const MAX_DRAIN_BYTES = 1024 * 1024;

/** The socket over the PTY master: a tty.ReadStream. `_readableState.ended` (Node's) is the only
 * sign, synchronously, that it saw end-of-file; pushing after that would raise an error. */
interface PtySocket {
  destroyed: boolean;
  destroy(error?: Error): unknown;
  read(): unknown;
  push(chunk: Buffer): boolean;
  _readableState?: { ended?: boolean };
}

/** node-pty's private fields this needs: no public API exposes the master fd or its stream. */
interface UnixPtyInternals {
  _fd?: unknown;
  _socket?: PtySocket;
}

/**
 * Before node-pty's socket is destroyed, emits what is in its buffer and in the kernel's, through
 * the socket's own UTF-8 decoder and 'data' listeners, even while paused. Once the socket has
 * seen end of file it takes no more: what the kernel still had goes to `late` instead, after
 * everything the socket emitted. No-op without those fields (ConPTY on Windows).
 */
export function drainBeforeDestroy(term: IPty, late: (rest: Buffer) => void): void {
  if (process.platform === 'win32') return;
  const internals = term as unknown as UnixPtyInternals;
  const socket = internals._socket;
  const fd = internals._fd;
  if (!socket || typeof fd !== 'number' || typeof socket.destroy !== 'function') return;
  const destroy = socket.destroy.bind(socket);
  let drained = false;
  socket.destroy = (error?: Error): unknown => {
    try {
      // Once only: a destroy from within the drain (a stream error) goes straight through.
      if (!drained && !socket.destroyed) {
        drained = true;
        const rest = drain(socket, fd);
        if (rest.length > 0) late(rest);
      }
    } finally {
      // Even if a listener threw: a socket left open would never report the exit.
      destroy(error);
    }
    return socket;
  };
}

/** Reads the kernel's rest into the socket while it takes data; returns what came after its end. */
function drain(socket: PtySocket, fd: number): Buffer {
  // Each read() emits 'data', which node-pty passes on to its onData listeners.
  const flush = (): void => {
    while (socket.read() !== null);
  };
  flush();
  const buffer = Buffer.alloc(64 * 1024);
  const afterEnd: Buffer[] = [];
  let total = 0;
  // A miss first, or right after another, ends it; one miss after data does not: an EIO can
  // come while the kernel still moves output along.
  let missed = true;
  while (total < MAX_DRAIN_BYTES) {
    const n = readNow(fd, buffer, MAX_DRAIN_BYTES - total);
    if (n === 0) {
      if (missed) break;
      missed = true;
      continue;
    }
    missed = false;
    total += n;
    const chunk = Buffer.from(buffer.subarray(0, n));
    if (socket._readableState?.ended === true) afterEnd.push(chunk);
    else {
      socket.push(chunk);
      flush();
    }
  }
  return Buffer.concat(afterEnd);
}

/** Bytes read into `buffer` now, at most `limit`; 0 when there are none at this moment. */
function readNow(fd: number, buffer: Buffer, limit: number): number {
  try {
    // The master fd is non-blocking: EAGAIN is "nothing more now", EIO "slave closed, and
    // nothing to read at this moment".
    return readSync(fd, buffer, 0, Math.min(buffer.length, limit), null);
  } catch {
    return 0;
  }
}
