/**
 * The short POSIX shell programs behind ShellFileAccess. They use only what busybox offers too
 * (no stat, mktemp, find or realpath required), so they work in minimal containers.
 */
import { shQuote } from '../../../src-shared/shellQuote';
import type { SearchRequest } from './accessTypes';
import { ripgrepArgs } from './searchOutput';

/** Prints `missing|directory|special|unreadable`, or `file <size>` then the base64 of the content. */
export function readScript(path: string, maxBytes: number): string {
  return `f=${shQuote(path)}
if [ ! -e "$f" ]; then echo missing; exit 0; fi
if [ -d "$f" ]; then echo directory; exit 0; fi
if [ ! -f "$f" ]; then echo special; exit 0; fi
if [ ! -r "$f" ]; then echo unreadable; exit 0; fi
s=$(( $(wc -c < "$f") )) || exit 1
echo "file $s"
if [ "$s" -le ${maxBytes} ]; then base64 < "$f" || exit 1; fi`;
}

/** Prints where a write lands, following symlinks when the tools to do so exist. */
export function targetScript(path: string): string {
  return `f=${shQuote(path)}
t=$(realpath -m -- "$f" 2>/dev/null) || t=$(readlink -f -- "$f" 2>/dev/null) || t=
[ -n "$t" ] || t=$f
printf '%s\\n' "$t"`;
}

/**
 * Reads base64 on stdin into a temporary file beside the target, then renames it over the
 * target. Without \`chmod --reference\` (busybox) an existing file is overwritten in place
 * instead, so its mode survives. Prints `ok <existed>`.
 */
export function writeScript(path: string, dir: string, temp: string): string {
  return `t=${shQuote(path)}; d=${shQuote(dir)}; tmp=${shQuote(temp)}
if [ -d "$t" ]; then echo "$t is a directory"; exit 3; fi
mkdir -p -- "$d" || exit 4
e=0; [ -e "$t" ] && e=1
base64 -d > "$tmp" || { rm -f -- "$tmp"; exit 5; }
if [ $e = 0 ] || chmod --reference="$t" -- "$tmp" 2>/dev/null; then
  mv -f -- "$tmp" "$t" || { rm -f -- "$tmp"; exit 6; }
else
  cat -- "$tmp" > "$t" || { rm -f -- "$tmp"; exit 6; }
  rm -f -- "$tmp"
fi
echo "ok $e"`;
}

/**
 * ripgrep when the backend has it; else find (or a shell walk) and grep -E. Hidden files and
 * node_modules are skipped. The first line names the engine, since the regex dialects differ;
 * diagnostics are marked with a leading `!`.
 */
export function searchScript(request: SearchRequest): string {
  const rg = ripgrepArgs(request).map(shQuote).join(' ');
  const files = request.target === 'files';
  const glob = shQuote(request.glob ?? '*');
  // A glob with a slash matches the path below the root, one without matches the base name.
  const byPath = request.glob?.includes('/') === true;
  const name = byPath ? '"$__f"' : '"${__f##*/}"';
  const pattern = byPath ? '"$R"/$G' : '$G';
  const findTest = byPath ? '-path "$R/$G"' : '-name "$G"';
  return `R=${shQuote(request.root)}; P=${shQuote(request.pattern)}; G=${glob}
__walk() {
  for __f in "$1"/*; do
    if [ -d "$__f" ] && [ ! -L "$__f" ]; then
      [ "\${__f##*/}" = node_modules ] || __walk "$__f"
    elif [ -f "$__f" ]; then
      case ${name} in ${pattern}) printf '%s\\n' "$__f" ;; esac
    fi
  done
}
__list() {
  if [ -f "$R" ]; then printf '%s\\n' "$R"
  elif command -v find >/dev/null 2>&1; then
    find "$R" -mindepth 1 \\( -name '.*' -o -name node_modules \\) -prune -o -type f ${findTest} -print
  else __walk "$R"; fi
}
if command -v rg >/dev/null 2>&1; then E=ripgrep; else E=posix; fi
echo "engine $E"
if [ ! -e "$R" ]; then echo "!no such file or directory: $R"; exit 0; fi
__search() {
  if [ $E = ripgrep ]; then rg ${rg}
  elif [ ${files ? 1 : 0} = 1 ]; then __list
  else __list | while IFS= read -r __f; do grep -nHsE -e "$P" -- "$__f"; done
  fi
}
# Diagnostics come back marked with "!", apart from results.
{ __search 2>&1 1>&3 | while IFS= read -r __l; do printf '!%s\\n' "$__l"; done; } 3>&1 | head -n ${request.limit + 1}`;
}

/** Creates a private scratch directory and prints its path. */
export function tempDirScript(name: string): string {
  return `d="\${TMPDIR:-/tmp}/${name}"; (umask 077 && mkdir -p -- "$d") && printf '%s\\n' "$d"`;
}
