import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** Reads a file of the built renderer, by decoded path; paths that leave the root are refused. */
export async function readStatic(
  root: string,
  filePath: string,
): Promise<{ body: Buffer; type: string } | undefined> {
  const relative = normalize(filePath).replace(/^([/\\])+/, '');
  const full = join(root, relative || 'index.html');
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    return { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
