import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createAppCore } from '../appCore';
import { ApproverModeSchema, type ApproverMode } from '../approval/asking';
import { caduceusHome } from '../config/paths';
import { openSecretStore } from '../config/keychain/open';
import { loadServeIdentity, rememberServePort } from '../serve/identity';
import { startHost } from '../serve/server';
import { createStderrLogger } from '../runtime/logger';
import { appRootAbove, startWorkspace } from '../workspace/startFolder';
import { UsageError, writeLine, type Io } from './args';

const APPROVALS = ApproverModeSchema.options;

/** dist/renderer beside the bundled CLI, or the checkout's when running from source. */
export function rendererDir(): string {
  const candidates = [
    new URL('./renderer/', import.meta.url),
    new URL('../../dist/renderer/', import.meta.url),
  ];
  for (const url of candidates) {
    const dir = fileURLToPath(url);
    if (existsSync(`${dir}index.html`)) return dir.replace(/\/$/, '');
  }
  throw new Error('The UI is not built: run `npm run build` first.');
}

/**
 * `caduceus serve`: the app's UI in a browser on loopback. Prints the URL (with its token) as
 * the first line on stdout and serves until `stop` fires (the CLI fires it on SIGINT, SIGTERM
 * or SIGHUP).
 */
export async function serve(argv: string[], io: Io, stop: AbortSignal): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'base-url': { type: 'string' },
      model: { type: 'string' },
      'api-key': { type: 'string' },
      provider: { type: 'string' },
      approvals: { type: 'string' },
      'new-token': { type: 'boolean' },
    },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a port number');
  const approvals = values.approvals ?? 'ask';
  if (!(APPROVALS as readonly string[]).includes(approvals)) {
    throw new UsageError(`--approvals must be one of ${APPROVALS.join(', ')}`);
  }
  const staticRoot = rendererDir();
  const home = caduceusHome(io.env);
  // The same port and token as last time, so an open tab reconnects by itself after a restart.
  const identity = await loadServeIdentity(home, { newToken: values['new-token'] === true });
  // New sessions are offered the folder serve started in, unless that is Caduceus's own checkout.
  const ownRoot = appRootAbove(fileURLToPath(new URL('.', import.meta.url)));
  const startedIn = await startWorkspace(io.cwd, ownRoot ? [ownRoot] : []);
  // Keys saved in Settings outlive the server: the OS keychain, else a 0600 file.
  const secrets = await openSecretStore(home, { env: io.env });
  if (secrets.place.note) writeLine(io.stderr, `caduceus: ${secrets.place.note} (${secrets.place.label})`);
  const core = await createAppCore({
    home,
    cwd: io.cwd,
    env: io.env,
    logger: createStderrLogger('info', io.stderr),
    mode: 'browser',
    version: process.env.npm_package_version ?? '0.1.0',
    secrets,
    mcpSecrets: secrets,
    approvals: approvals as ApproverMode,
    ...(startedIn ? { workspace: startedIn.path } : {}),
    ...(startedIn?.note ? { workspaceNote: startedIn.note } : {}),
    modelOverrides: {
      ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
      ...(values.model ? { model: values.model } : {}),
      ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
      ...(values.provider ? { provider: values.provider } : {}),
    },
  });
  try {
    // Stopped while starting (Ctrl+C during start-up): nothing is served and no URL printed.
    if (stop.aborted) return 0;
    const host = await startHost({
      invoke: core.invoke,
      events: core.events,
      staticRoot,
      token: identity.token,
      ...(values.port !== undefined ? { port } : { port: identity.port ?? 0, preferredPort: true }),
    }).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      throw new Error(`port ${port} is in use on 127.0.0.1: pick another with --port, or leave --port out`);
    });
    try {
      if (stop.aborted) return 0;
      await rememberServePort(home, host.port).catch(() => undefined);
      writeLine(io.stdout, host.url);
      writeLine(io.stderr, 'caduceus: serving the UI on loopback; press Ctrl+C to stop.');
      // Checked again here: a stop that came during the awaits above fires no abort event.
      if (!stop.aborted)
        await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
    } finally {
      await host.close();
    }
  } finally {
    await core.shutdown();
  }
  return 0;
}
