/**
 * The mirror worker thread: parses every mirrored stream and serializes its snapshots, so main's
 * event loop never spends a flood's parsing time. Built to dist/mirrorWorker.mjs.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { HeadlessMirror } from './mirror';
import type { FromWorker, ToWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('the mirror worker runs in a worker thread');

const mirrors = new Map<number, HeadlessMirror>();
const post = (message: FromWorker): void => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  switch (message.t) {
    case 'open':
      mirrors.set(message.id, new HeadlessMirror(message));
      return;
    case 'write': {
      const { id, chars, bytes } = message;
      const buffer = bytes.buffer as ArrayBuffer;
      // xterm reads the chunk's length after this callback returns: hand the buffer back after.
      const parsed = (): void =>
        queueMicrotask(() =>
          port.postMessage({ t: 'parsed', id, chars, buffer } satisfies FromWorker, [buffer]),
        );
      const mirror = mirrors.get(id);
      if (mirror) mirror.writeBytes(bytes, parsed);
      else parsed();
      return;
    }
    case 'resize':
      mirrors.get(message.id)?.resize(message.cols, message.rows);
      return;
    case 'snapshot': {
      const { request } = message;
      const mirror = mirrors.get(message.id);
      if (!mirror) return post({ t: 'snapshot', request, error: 'the mirror was released' });
      mirror.snapshot({ scrollback: message.scrollback }).then(
        (snapshot) => post({ t: 'snapshot', request, ...snapshot }),
        (error: unknown) => post({ t: 'snapshot', request, error: String(error) }),
      );
      return;
    }
    case 'heap':
      (globalThis as { gc?: () => void }).gc?.();
      return post({ t: 'heap', request: message.request, bytes: getHeapStatistics().used_heap_size });
    case 'close':
      mirrors.get(message.id)?.dispose();
      mirrors.delete(message.id);
      return;
  }
});
