/**
 * Interpreters the code rules have no patterns for (Lua, Tcl): one-liner code that
 * opens a network socket and runs commands, the shape of a reverse shell
 * (`lua -e 'require("socket") … os.execute("/bin/sh -i <&3 >&3")'`). What they delete or write
 * is judged through the shell commands their code hands over (embedded.ts).
 */
import type { CommandView, DetectorTable, HitSink } from './types';
import { optionValues } from './types';

const SOCKET = /\bsocket\b|\btcp\b|\bconnect\s*\(/i;
const RUNS =
  /\bos\.execute\b|\bio\.popen\b|\bexec\s+(?:\/bin\/)?(?:ba)?sh\b|\brun\s*\(\s*`|\bsystem\s*\(|\/bin\/(?:ba|z|da)?sh\b/;

function socketShell(cmd: CommandView, out: HitSink): void {
  // `lua -e CODE`, and code piped to tclsh.
  const code = [...optionValues(cmd.args, 'e', []), cmd.stdin ?? ''].join('\n');
  if (SOCKET.test(code) && RUNS.test(code))
    out.hit('code-reverse-shell', `${cmd.name} code connects a socket and runs commands`);
}

export const otherCodeDetectors: DetectorTable = [[['lua', 'luajit', 'tclsh'], socketShell]];
