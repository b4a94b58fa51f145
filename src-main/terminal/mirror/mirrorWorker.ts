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

/**
 * Characters parsed and buffers done with, gathered over a loop turn and posted once per mirror: a
 * flood's chunks cost a few posts, not one or two each. Posted after xterm's write callback
 * returns, as xterm still reads a chunk's length then.
 */
const owed = new Map<number, { chars: number; buffers: ArrayBuffer[] }>();
let owing = false;
const owe = (id: number, chars: number, buffer?: ArrayBuffer): void => {
  const entry = owed.get(id) ?? { chars: 0, buffers: [] };
  entry.chars += chars;
  if (buffer) entry.buffers.push(buffer);
  owed.set(id, entry);
  if (owing) return;
  owing = true;
  setImmediate(() => {
    owing = false;
    for (const [mirror, { chars: done, buffers }] of owed)
      port.postMessage({ t: 'parsed', id: mirror, chars: done, buffers } satisfies FromWorker, buffers);
    owed.clear();
  });
};

port.on('message', (message: ToWorker) => {
  switch (message.t) {
    case 'open':
      mirrors.set(message.id, new HeadlessMirror(message));
      return;
    case 'write': {
      const { id, chars, bytes } = message;
      const buffer = bytes.buffer as ArrayBuffer;
      let accepted = false;
      const accept = (): void => {
        if (!accepted) owe(id, chars);
        accepted = true;
      };
      const release = (): void => {
        owe(id, accepted ? 0 : chars, buffer);
        accepted = true;
      };
      const mirror = mirrors.get(id);
      if (mirror) mirror.writeBytes({ bytes, accept, release });
      else release();
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
