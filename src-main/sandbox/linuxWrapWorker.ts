/**
 * The sandbox library's Linux wrapping, in a worker thread of its own. The library also protects
 * its own list of files (`.bashrc`, `.vscode`, …) in the process's working directory, mounting
 * placeholders for absent ones that a person and the model see in the folder when Caduceus was
 * started in the workspace. Here the library sees `/` as the working directory: the workspace's
 * protected files are ours to name (protectedPaths.ts) and to guard (plantGuard.ts). Built to
 * dist/linuxWrapWorker.mjs.
 */
import { parentPort } from 'node:worker_threads';
import type { FromWrapWorker, ToWrapWorker } from './linuxWrapProtocol';

const port = parentPort;
if (!port) throw new Error('the wrap worker runs in a worker thread');
// This thread's own `process`: main's working directory is untouched.
process.cwd = () => '/';
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
