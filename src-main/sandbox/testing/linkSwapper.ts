/**
 * What a hostile sandboxed process can do to a path while the app writes to it: a python3 process
 * that swaps two entries (a folder and a symlink) with renameat2(RENAME_EXCHANGE) in a loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const SWAPPER = `
import ctypes, signal, sys, time
libc = ctypes.CDLL(None, use_errno=True)
swap = libc.renameat2
swap.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
AT_FDCWD, RENAME_EXCHANGE = -100, 2
a, b = sys.argv[1].encode(), sys.argv[2].encode()
limit, deadline = int(sys.argv[3]), time.monotonic() + float(sys.argv[4])
count = 0
def done(*_):
    print(count, flush=True)
    sys.exit(0)
signal.signal(signal.SIGTERM, done)
print("ready", flush=True)
while count < limit and time.monotonic() < deadline:
    if swap(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0:
        sys.exit("renameat2: errno %d" % ctypes.get_errno())
    count += 1
done()
`;

export interface LinkSwapper {
  /** Ends the loop (if it has not ended) and resolves to the number of swaps it made. */
  stop(): Promise<number>;
}

/** Starts swapping `a` and `b`; resolves once the loop runs. Bounded by `maxSwaps` and `maxSeconds`. */
export async function startLinkSwapper(
  a: string,
  b: string,
  { maxSwaps = 50_000_000, maxSeconds = 120 } = {},
): Promise<LinkSwapper> {
  const child = spawn('python3', ['-c', SWAPPER, a, b, String(maxSwaps), String(maxSeconds)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const first = await lines.next();
  if (first.value !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(`the swapper did not start: ${stderr || String(first.value)}`);
  }
  let stopped: Promise<number> | undefined;
  return {
    stop: () => (stopped ??= finish(child, lines, exited, () => stderr)),
  };
}

async function finish(
  child: ChildProcess,
  lines: AsyncIterator<string>,
  exited: Promise<void>,
  stderr: () => string,
): Promise<number> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const last = await lines.next();
  await exited;
  const count = Number(last.value);
  if (last.done || !Number.isInteger(count)) throw new Error(`the swapper failed: ${stderr()}`);
  return count;
}
