/** Deleting files and changing permissions: rm, find -delete / -exec rm, chmod, chown. */
import type { Rule } from '../verdict';
import { configWriteKey, protectedAt, resolvePath } from '../paths';
import { commandName, isDynamic } from '../words';
import type { CommandView, DetectorTable, HitSink } from './types';
import { LIST_LOOP, hasFlag, optionValues, splitOptions } from './types';
import { deletesOnlyOutputs, findDeletesOnlyOutputs } from './buildOutputs';

export const filesystemRules: Rule[] = [
  {
    key: 'rm-root',
    category: 'filesystem',
    hardline: true,
    description: 'Deletes the root, a top-level system directory or a home directory',
  },
  { key: 'rm-recursive', category: 'filesystem', description: 'Recursive delete' },
  {
    key: 'find-delete',
    category: 'filesystem',
    description: 'Deletes every file find matches (find -delete)',
  },
  {
    key: 'find-exec-rm',
    category: 'filesystem',
    description: 'Deletes files a search or list produces (find -exec rm, xargs rm)',
  },
  {
    key: 'chmod-recursive',
    category: 'permissions',
    description: 'Changes permissions recursively (chmod -R)',
  },
  { key: 'chmod-world-writable', category: 'permissions', description: 'Makes files writable by every user' },
  { key: 'chmod-setuid', category: 'permissions', description: 'Sets the setuid or setgid bit' },
  {
    key: 'chown-recursive',
    category: 'permissions',
    description: 'Changes ownership recursively (chown/chgrp -R)',
  },
];

/** The last path segment is a glob: `~/*` reaches every file of the folder. */
export function lastSegmentGlob(p: string): boolean {
  const seg = p.slice(p.lastIndexOf('/') + 1);
  return seg.includes('*') || seg.includes('?');
}

const RECURSIVE = ['recursive'];

/** Why this rm can never run (root, a system directory, a home directory), or null. */
export function rmRootReason(args: readonly string[], cwd?: string | null): string | null {
  const { options, operands } = splitOptions(args);
  const recursive = hasFlag(options, 'rR', RECURSIVE);
  if (options.includes('--no-preserve-root')) return 'disables the root safeguard (--no-preserve-root)';
  for (const target of operands) {
    const why = protectedAt(cwd, target);
    // The rule's title already says "Deletes …": the reason names which one.
    if (why && (recursive || lastSegmentGlob(target))) return why;
  }
  return null;
}

function rm(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const recursive = hasFlag(options, 'rR', RECURSIVE);
  const root = rmRootReason(cmd.args, cmd.cwd);
  if (root) out.hit('rm-root', root);
  for (const target of operands) {
    const config = configWriteKey(target);
    if (config) out.hit(config, `deletes ${target}`);
    out.changes?.(resolvePath(cmd.cwd, target));
  }
  const outputs = deletesOnlyOutputs(cmd, operands);
  if (recursive && !outputs) {
    const unknown = operands.length === 0 || operands.some(isDynamic);
    out.hit('rm-recursive', unknown ? 'target known only at run time' : operands.join(' '));
  }
  // Run on every match of a search: as many files as it finds, not the few named here.
  const search = ['find', 'fd -x', 'xargs'].find((v) => cmd.via.includes(v));
  if (search && !outputs) out.hit('find-exec-rm', `rm via ${search === 'find' ? 'find -exec' : search}`);
  else if (!outputs && cmd.via.includes(LIST_LOOP) && operands.some(isDynamic))
    out.hit('find-exec-rm', 'rm of each item of a loop over a list a command produced');
}

/** Expression words that narrow what find matches; without them find -delete takes everything. */
const FIND_HARMLESS = new Set([
  '-delete',
  '-depth',
  '-xdev',
  '-mount',
  '-maxdepth',
  '-mindepth',
  '-print',
  '-print0',
  '-ignore_readdir_race',
  '-noleaf',
  '-d',
]);

const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const DELETERS = new Set(['rm', 'unlink', 'shred', 'rmdir']);
/** Run on every file find walks, these change the whole tree like their `-R` form. */
const PERMISSION_CHANGERS = new Set(['chmod', 'chown', 'chgrp', 'chattr', 'setfacl']);

function find(cmd: CommandView, out: HitSink): void {
  const exec = cmd.args.findIndex((a) => EXEC_ACTIONS.has(a));
  const runs = exec >= 0 ? commandName(cmd.args[exec + 1] ?? '') : '';
  const runsDelete = DELETERS.has(runs);
  const runsPermissions = PERMISSION_CHANGERS.has(runs);
  if (!cmd.args.includes('-delete') && !runsDelete && !runsPermissions) return;
  const firstExpr = cmd.args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!');
  const starts = firstExpr === -1 ? cmd.args : cmd.args.slice(0, firstExpr);
  // What an -exec runs is judged as its own command; only the filter before it narrows the matches.
  const expr = firstExpr === -1 ? [] : cmd.args.slice(firstExpr, exec >= 0 ? exec : undefined);
  if (runsPermissions) {
    if (unfilteredFind(expr))
      for (const s of starts) {
        const why = protectedAt(cmd.cwd, s);
        if (why) out.hit('permissions-root', `find -exec ${runs} on ${why}`);
      }
    return;
  }
  if (findDeletesOnlyOutputs(cmd, starts, expr)) return;
  if (!runsDelete) out.hit('find-delete');
  const unfiltered = unfilteredFind(expr);
  for (const s of starts) {
    const why = protectedAt(cmd.cwd, s);
    if (why && unfiltered) out.hit('rm-root', `find ${runsDelete ? '-exec rm' : '-delete'} on ${why}`);
  }
}

/** What an unfiltered `find` over /, a system directory or a home folder lists, or null. */
function findsProtectedTree(v: CommandView): string | null {
  const firstExpr = v.args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!');
  const starts = firstExpr === -1 ? v.args : v.args.slice(0, firstExpr);
  if (!unfilteredFind(firstExpr === -1 ? [] : v.args.slice(firstExpr))) return null;
  for (const s of starts) {
    const why = protectedAt(v.cwd, s);
    if (why) return why;
  }
  return null;
}

/** `find / -print0 | xargs -0 rm -rf`, `find ~ | xargs chmod 000`: xargs applies it to the whole tree. */
export function pipelineTreeHits(
  views: ReadonlyArray<CommandView | null>,
  sinkFor: (i: number) => HitSink,
): void {
  views.forEach((v, i) => {
    const before = views[i - 1];
    if (!v || !before || before.name !== 'find' || !v.via.includes('xargs')) return;
    // Every file find lists goes, recursive or not, as with `find ~ -type f -delete`.
    const deletes = DELETERS.has(v.name);
    if (!deletes && !PERMISSION_CHANGERS.has(v.name)) return;
    const why = findsProtectedTree(before);
    if (why) sinkFor(i).hit(deletes ? 'rm-root' : 'permissions-root', `find | xargs ${v.name} on ${why}`);
  });
}

/** A find expression that only bounds depth or type still takes every file there is. */
function unfilteredFind(expr: readonly string[]): boolean {
  return expr.every(
    (a, i) =>
      FIND_HARMLESS.has(a) ||
      /^\d+$/.test(a) ||
      (i > 0 && /^-m(?:ax|in)depth$/.test(expr[i - 1] ?? '')) ||
      // `-type f` still takes every file there is.
      a === '-type' ||
      (i > 0 && expr[i - 1] === '-type'),
  );
}

/** Octal or symbolic modes that grant write to others, or set setuid/setgid. */
function modeRisks(mode: string): { world: boolean; setuid: boolean } {
  if (/^[0-7]{3,4}$/.test(mode)) {
    const digits = mode.padStart(4, '0');
    const other = Number(digits.charAt(3));
    const special = Number(digits.charAt(0));
    return { world: (other & 2) !== 0, setuid: (special & 6) !== 0 };
  }
  let world = false;
  let setuid = false;
  for (const clause of mode.split(',')) {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m || m[2] === '-') continue;
    const who = m[1] ?? '';
    const perms = m[3] ?? '';
    if (perms.includes('w') && (who.includes('o') || who.includes('a'))) world = true;
    if (perms.includes('s')) setuid = true;
  }
  return { world, setuid };
}

function chmod(cmd: CommandView, out: HitSink): void {
  const recursive = hasFlag(cmd.args, 'R', ['recursive']);
  if (recursive) out.hit('chmod-recursive');
  const mode = cmd.args.find((a) => !/^--?[a-zA-Z-]+$/.test(a) || /^-[rwxXst]+$/.test(a));
  if (mode === undefined) return;
  const risks = modeRisks(mode);
  if (risks.world) out.hit('chmod-world-writable', `mode ${mode}`);
  if (risks.setuid) out.hit('chmod-setuid', `mode ${mode}`);
}

/**
 * `install -m 4755 /bin/sh x`, `mkdir -m 777 d`: a mode given while creating the file. Only
 * install copies a program; setgid on a new directory (`mkdir -m 2775`) shares it with a group.
 */
function createMode(cmd: CommandView, out: HitSink): void {
  for (const mode of optionValues(cmd.args, 'm', ['mode'])) {
    const risks = modeRisks(mode);
    if (risks.world) out.hit('chmod-world-writable', `${cmd.name} mode ${mode}`);
    if (risks.setuid && cmd.name === 'install') out.hit('chmod-setuid', `${cmd.name} mode ${mode}`);
  }
}

function chown(cmd: CommandView, out: HitSink): void {
  if (hasFlag(cmd.args, 'R', ['recursive'])) out.hit('chown-recursive');
}

/** rimraf deletes recursively by design. */
function rimraf(cmd: CommandView, out: HitSink): void {
  rm({ ...cmd, args: ['-r', ...cmd.args.filter((a) => !a.startsWith('-'))] }, out);
}

export const filesystemDetectors: DetectorTable = [
  [['rm', 'srm'], rm],
  [['rimraf'], rimraf],
  [['find'], find],
  [['chmod'], chmod],
  [['install', 'mkdir', 'mkfifo', 'mknod'], createMode],
  [['chown', 'chgrp'], chown],
];
