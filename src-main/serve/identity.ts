import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { writeAtomic } from '../config/atomicFile';
import { join } from 'node:path';

/*
 * The address `caduceus serve` keeps across restarts, per $CADUCEUS_HOME: the port it last
 * listened on and its token, so an open tab reconnects by itself. The token is a 0600 file on
 * the read-deny list (config/secretStores.ts); `--new-token` rotates it.
 */

export const TOKEN_FILE = 'serve-token';
const PORT_FILE = 'serve.json';
const TOKEN_SHAPE = /^[0-9a-f]{48}$/;

export interface ServeIdentity {
  token: string;
  /** The port of the last run, if any: tried first, another one only when it is taken. */
  port: number | undefined;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The kept token (a new one when asked, missing or damaged) and the remembered port. */
export async function loadServeIdentity(
  home: string,
  options: { newToken?: boolean } = {},
): Promise<ServeIdentity> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const tokenPath = join(home, TOKEN_FILE);
  let token = options.newToken ? undefined : (await readText(tokenPath))?.trim();
  if (!token || !TOKEN_SHAPE.test(token)) {
    token = randomBytes(24).toString('hex');
    await writeAtomic(tokenPath, `${token}\n`, { mode: 0o600 });
  } else {
    // A token file someone widened is narrowed again; its content is still ours.
    await chmod(tokenPath, 0o600);
  }
  let port: number | undefined;
  try {
    const saved = JSON.parse((await readText(join(home, PORT_FILE))) ?? '{}') as { port?: unknown };
    if (Number.isInteger(saved.port) && (saved.port as number) > 0 && (saved.port as number) < 65536)
      port = saved.port as number;
  } catch {
    // A damaged file only costs the old port.
  }
  return { token, port };
}

/** Remembers the port this run listens on, for the next start. */
export async function rememberServePort(home: string, port: number): Promise<void> {
  await writeAtomic(join(home, PORT_FILE), `${JSON.stringify({ port })}\n`, { mode: 0o600 });
}
