/**
 * node-pty (Unix) destroys the PTY's read socket 200 ms after the child exits. Whatever is still
 * unread then (the socket was paused, or the event loop was busy) is discarded: the tail of the
 * output. This makes that destroy first read, synchronously, what is left.
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
 * the socket's own UTF-8 decoder and 'data' listeners, even while paused. No-op without those
 * fields (ConPTY on Windows).
 */
export function drainBeforeDestroy(term: IPty): void {
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
        drain(socket, fd);
      }
    } finally {
      // Even if a listener threw: a socket left open would never report the exit.
      destroy(error);
    }
    return socket;
  };
}

function drain(socket: PtySocket, fd: number): void {
  // Each read() emits 'data', which node-pty passes on to its onData listeners.
  const flush = (): void => {
    while (socket.read() !== null);
  };
  flush();
  const buffer = Buffer.alloc(64 * 1024);
  let total = 0;
  while (total < MAX_DRAIN_BYTES && socket._readableState?.ended !== true) {
    let n: number;
    try {
      // The master fd is non-blocking: EAGAIN is "nothing more now", EIO "slave closed, empty".
      n = readSync(fd, buffer, 0, Math.min(buffer.length, MAX_DRAIN_BYTES - total), null);
    } catch {
      break;
    }
    if (n === 0) break;
    total += n;
    socket.push(Buffer.from(buffer.subarray(0, n)));
    flush();
  }
}
