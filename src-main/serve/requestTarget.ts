/**
 * The parsed path and query of a request target, or undefined for anything but an origin-form
 * path ("/…"): `//host/x` would move the URL to another host, and some targets do not parse.
 */
export function parseTarget(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/') || target.startsWith('//')) return undefined;
  try {
    return new URL(target, 'http://127.0.0.1');
  } catch {
    return undefined;
  }
}

/** A URL path decoded to a file path; undefined for malformed escapes and NUL bytes. */
export function decodePath(urlPath: string): string | undefined {
  try {
    const path = decodeURIComponent(urlPath);
    return path.includes('\0') ? undefined : path;
  } catch {
    return undefined;
  }
}
