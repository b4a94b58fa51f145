/**
 * Windows commands a model may emit even in a bash: `cmd /c "rd /s /q C:\"`, `powershell
 * -Command "Remove-Item -Recurse -Force …"`, or the Windows names typed straight into bash.
 * The strings given to cmd and PowerShell are split into their commands and judged here; the
 * catastrophic ones reuse the platform-neutral hardline keys (rm-root, mkfs-device, power-off).
 */
import type { Rule } from '../verdict';
import { isDynamic } from '../words';
import type { CommandView, DetectorTable, HitSink } from './types';
import type { Dialect } from './windowsCommandLine';
import {
  decodeEncodedCommand,
  isProtectedWindowsPath,
  programName,
  splitCommandLine,
} from './windowsCommandLine';

export const windowsRules: Rule[] = [
  {
    key: 'win-delete-tree',
    category: 'filesystem',
    description: 'Deletes a folder tree on Windows (rd /s, Remove-Item -Recurse)',
  },
  {
    key: 'win-delete-files',
    category: 'filesystem',
    description: 'Deletes files in bulk or without asking on Windows (del /s, del /q)',
  },
  { key: 'win-registry-delete', category: 'config', description: 'Deletes Windows registry keys or values' },
];

/** Nested cmd/PowerShell strings are followed this deep. */
const MAX_DEPTH = 4;
const POWERSHELL_REMOVE = new Set(['remove-item', 'rm', 'ri', 'del', 'erase', 'rd', 'rmdir']);

/** A PowerShell parameter given as any unambiguous prefix: `-r`, `-Rec`, `-Recurse`. */
function psParam(word: string, name: string, shortest: number): boolean {
  const m = /^-([a-z]+)(?::.*)?$/i.exec(word);
  const given = m?.[1]?.toLowerCase() ?? '';
  return given.length >= shortest && name.startsWith(given);
}

function cmdSwitch(args: readonly string[], letter: string): boolean {
  return args.some((a) => new RegExp(`^[/-]${letter}(:.*)?$`, 'i').test(a));
}

const cmdOperands = (args: readonly string[]): string[] => args.filter((a) => !/^\/[a-z?]/i.test(a));

function judge(words: readonly string[], dialect: Dialect, out: HitSink, depth: number): void {
  const [head = '', ...args] = words;
  const name = programName(head);
  const shown = `${name} ${args.join(' ')}`.trim();
  const usesCmdSwitches = args.some((a) => /^\/[a-z]$/i.test(a));
  if (dialect === 'powershell' && POWERSHELL_REMOVE.has(name) && !usesCmdSwitches) {
    removeItem(args, shown, out);
    return;
  }
  switch (name) {
    case 'rd':
    case 'rmdir':
      if (!cmdSwitch(args, 's')) return;
      if (cmdOperands(args).some(isProtectedWindowsPath)) out.hit('rm-root', shown);
      else out.hit('win-delete-tree', shown);
      return;
    case 'del':
    case 'erase':
      if (cmdSwitch(args, 's') && cmdOperands(args).some(isProtectedWindowsPath)) out.hit('rm-root', shown);
      else if (cmdSwitch(args, 's') || cmdSwitch(args, 'q')) out.hit('win-delete-files', shown);
      return;
    case 'remove-item':
      removeItem(args, shown, out);
      return;
    case 'format':
      if (cmdOperands(args).some((a) => /^[a-z]:\\?$/i.test(a) || isDynamic(a)))
        out.hit('mkfs-device', shown);
      return;
    case 'format-volume':
    case 'clear-disk':
      out.hit('mkfs-device', shown);
      return;
    case 'diskpart':
      out.hit('disk-partition', shown);
      return;
    case 'stop-computer':
    case 'restart-computer':
      out.hit('power-off', shown);
      return;
    case 'shutdown':
      if (args.some((a) => /^[/-][srpgh]$/i.test(a))) out.hit('power-off', shown);
      return;
    case 'reg':
      if (args[0]?.toLowerCase() === 'delete') out.hit('win-registry-delete', shown);
      else if (args[0]?.toLowerCase() === 'add' && args.some(isRunKey)) out.hit('autostart-write', shown);
      return;
    case 'schtasks':
      if (args.some((a) => /^[/-](create|change)$/i.test(a))) out.hit('scheduled-job', shown);
      return;
    case 'register-scheduledtask':
      out.hit('scheduled-job', shown);
      return;
    case 'sc':
      if (/^(create|config)$/i.test(args[0] ?? '')) out.hit('service-enable', shown);
      return;
    case 'new-service':
      out.hit('service-enable', shown);
      return;
    case 'new-itemproperty':
    case 'set-itemproperty':
      if (args.some(isRunKey)) out.hit('autostart-write', shown);
      return;
    case 'remove-itemproperty':
      out.hit('win-registry-delete', shown);
      return;
    case 'cmd':
      nestedCmd(args, out, depth);
      return;
    case 'powershell':
    case 'pwsh':
      nestedPowerShell(name, args, out, depth);
      return;
  }
}

/** The registry keys Windows reads at every logon to start programs (`…\\CurrentVersion\\Run`). */
function isRunKey(word: string): boolean {
  return (
    /\\CurrentVersion\\(Run|RunOnce|Policies\\Explorer\\Run)\b/i.test(word) || /\\Winlogon\b/i.test(word)
  );
}

function removeItem(args: readonly string[], shown: string, out: HitSink): void {
  if (!args.some((a) => psParam(a, 'recurse', 1))) return;
  const paths = args.filter((a, i) => !a.startsWith('-') || psParam(args[i - 1] ?? '', 'path', 1));
  const literal = args.flatMap((a, i) => (psParam(a, 'literalpath', 1) ? [args[i + 1] ?? ''] : []));
  const targets = [...paths, ...literal].flatMap((p) => p.split(','));
  if (targets.some(isProtectedWindowsPath)) out.hit('rm-root', shown);
  else out.hit('win-delete-tree', shown);
}

/** `cmd /c LINE` or `cmd /k LINE` (Git Bash users write `//c`). */
function nestedCmd(args: readonly string[], out: HitSink, depth: number): void {
  const at = args.findIndex((a) => /^\/{1,2}[ckr]$/i.test(a));
  if (at < 0) return;
  judgeLine(args.slice(at + 1).join(' '), 'cmd', out, depth + 1);
}

/** PowerShell parameters that take a value, so the value is not read as the command. */
const PS_VALUED = [
  'executionpolicy',
  'windowstyle',
  'outputformat',
  'inputformat',
  'configurationname',
  'workingdirectory',
  'psconsolefile',
  'version',
  'custompipename',
  'settingsfile',
];

/** `powershell [-NoProfile …] -Command LINE`, `-EncodedCommand B64`, or the line itself. */
function nestedPowerShell(name: string, args: readonly string[], out: HitSink, depth: number): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    const lower = a.toLowerCase();
    if (lower === '-ec' || psParam(a, 'encodedcommand', 1))
      return judgeLine(decodeEncodedCommand(args[i + 1] ?? ''), 'powershell', out, depth + 1);
    if (psParam(a, 'command', 1)) return judgeLine(args.slice(i + 1).join(' '), 'powershell', out, depth + 1);
    if (psParam(a, 'file', 1)) return;
    if (a.startsWith('-')) {
      if (!a.includes(':') && PS_VALUED.some((p) => psParam(a, p, 2))) i++;
      continue;
    }
    // pwsh treats a bare first argument as a script file, Windows PowerShell as a command.
    if (name === 'pwsh' && /\.ps1$/i.test(a)) return;
    return judgeLine(args.slice(i).join(' '), 'powershell', out, depth + 1);
  }
}

function judgeLine(line: string, dialect: Dialect, out: HitSink, depth: number): void {
  if (depth > MAX_DEPTH) {
    out.hit('nesting-too-deep', `${dialect} nested more than ${MAX_DEPTH} deep`);
    return;
  }
  if (dialect === 'powershell' && PS_EVALUATES.test(line) && PS_FETCHES.test(line))
    out.hit('remote-code', 'PowerShell runs code it downloads (iex of irm, DownloadString)');
  for (const words of splitCommandLine(line, dialect)) judge(words, dialect, out, depth);
}

/** PowerShell running a string as code … */
const PS_EVALUATES = /\b(?:iex|invoke-expression)\b|\[scriptblock\]::create\b/i;
/** … that it fetched from the network. */
const PS_FETCHES =
  /\b(?:irm|iwr|invoke-restmethod|invoke-webrequest|start-bitstransfer)\b|\.download(?:string|data)\s*\(|\bnet\.webclient\b/i;

/**
 * A Windows name typed into bash: an unquoted `C:\Windows` reaches it as `C:Windows` once bash
 * drops the backslashes, so such words are read as written.
 */
function fromBash(cmd: CommandView, out: HitSink): void {
  const args = cmd.args.map((a, i) => {
    const raw = cmd.words[i]?.raw ?? a;
    return /^[^'"$`]*\\[^'"$`]*$/.test(raw) ? raw : a;
  });
  judge([cmd.name, ...args], 'cmd', out, 0);
}

export const windowsDetectors: DetectorTable = [
  [
    [
      'cmd',
      'powershell',
      'pwsh',
      'rd',
      'rmdir',
      'del',
      'erase',
      'format',
      'format-volume',
      'clear-disk',
      'diskpart',
      'remove-item',
      'stop-computer',
      'restart-computer',
      'reg',
      'remove-itemproperty',
      'schtasks',
      'register-scheduledtask',
      'sc',
      'new-service',
      'new-itemproperty',
      'set-itemproperty',
    ],
    fromBash,
  ],
];
