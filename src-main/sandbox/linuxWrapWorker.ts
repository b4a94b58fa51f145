/**
 * The sandbox library's Linux wrapping, in a worker thread of its own. The library also protects
 * its own list of files (`.bashrc`, `.vscode`, …) in the process's working directory, making
 * placeholders on the host for absent ones where a command may write. Here the library sees an
 * empty folder of this wrapper's own as the working directory (see linuxWrapper.ts): the
 * workspace's protected files are ours to name (protectedPaths.ts) and to guard (plantGuard.ts).
 * Built to dist/linuxWrapWorker.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWrapWorker, ToWrapWorker, WrapWorkerData } from './linuxWrapProtocol';

const port = parentPort;
if (!port) throw new Error('the wrap worker runs in a worker thread');
const { cwd } = workerData as WrapWorkerData;
// This thread's own `process`: main's working directory is untouched.
process.cwd = () => cwd;
const library = await import('@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js');

const post = (message: FromWrapWorker): void => port.postMessage(message);

port.on('message', (message: ToWrapWorker) => {
  if (message.t === 'cleanup') {
    library.cleanupBwrapMountPoints();
    post({ id: message.id });
    return;
  }
  library.wrapCommandWithSandboxLinux(message.params).then(
    (command) => post({ id: message.id, command }),
    (error: unknown) =>
      post({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
