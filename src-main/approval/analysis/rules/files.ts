/**
 * Deletes and rewrites that slip past the rm rules: rsync --delete, archivers that remove what
 * they pack or unpack outside the workspace, moving files onto /dev/null, emptying or editing
 * files outside the workspace, and wiping shell history.
 */
import type { Rule } from '../verdict';
import { resolvePath } from '../paths';
import { outsideWorkspace } from '../workspace';
import type { CommandView, DetectorTable, HitSink } from './types';
import { hasFlag, optionValues, splitOptions } from './types';

export const filesRules: Rule[] = [
  {
    key: 'write-outside-workspace',
    category: 'filesystem',
    beyondCheckpoint: true,
    description: 'Changes a file outside the workspace',
  },
  {
    key: 'rsync-delete',
    category: 'filesystem',
    beyondCheckpoint: true,
    description: 'Deletes files while copying (rsync --delete, --remove-source-files)',
  },
  {
    key: 'archive-remove-sources',
    category: 'filesystem',
    description: 'Deletes the files it archives (tar --remove-files, zip -m, 7z -sdel)',
  },
  {
    key: 'move-to-dev-null',
    category: 'filesystem',
    beyondCheckpoint: true,
    description: 'Moves files onto /dev/null, which destroys them',
  },
  {
    key: 'history-wipe',
    category: 'filesystem',
    beyondCheckpoint: true,
    description: 'Erases or rewrites shell history',
  },
];

const HISTORY =
  /(?:^|\/)\.(?:bash|zsh|sh|ksh|python|node_repl|psql|mysql|sqlite|lesshst)_?history$|(?:^|\/)\.(?:lesshst|viminfo)$|(?:^|\/)fish_history$/;

export function isHistoryFile(path: string): boolean {
  return HISTORY.test(path);
}

function outside(cmd: CommandView, path: string): boolean {
  return outsideWorkspace(path, cmd.cwd ?? null, cmd.workspace ?? null);
}

/** Reports every target outside the workspace, and history files, for a command that rewrites them. */
function rewrites(cmd: CommandView, targets: readonly string[], verb: string, out: HitSink): void {
  for (const t of targets) {
    if (isHistoryFile(t)) out.hit('history-wipe', `${verb} ${t}`);
    if (outside(cmd, t)) out.hit('write-outside-workspace', `${verb} ${resolvePath(cmd.cwd, t)}`);
    out.changes?.(resolvePath(cmd.cwd, t));
  }
}

function rsync(cmd: CommandView, out: HitSink): void {
  if (hasFlag(cmd.args, 'n', ['dry-run', 'list-only'])) return;
  const deleting = cmd.args.filter(
    (a) => a === '--del' || a.startsWith('--delete') || a === '--remove-source-files',
  );
  if (deleting.length > 0) out.hit('rsync-delete', `rsync ${deleting.join(' ')}`);
}

function archiver(cmd: CommandView, out: HitSink): void {
  const removes =
    cmd.name === 'tar'
      ? cmd.args.includes('--remove-files')
      : cmd.name === 'zip'
        ? hasFlag(cmd.args, 'm', ['move'])
        : cmd.args.includes('-sdel');
  if (removes) out.hit('archive-remove-sources', `${cmd.name} ${cmd.args.join(' ')}`);
}

/**
 * Where an archive is unpacked outside the current folder: tar's `-C`/`--directory` (and `-P`,
 * which keeps the archive's absolute paths, so it writes wherever the archive says), unzip's
 * `-d`, 7-Zip's `-o`. An archive's members are not known here: any file under it may change.
 */
function unpackDirs(cmd: CommandView): string[] {
  const args = cmd.args;
  if (cmd.name === 'unzip') return optionValues(args, 'd', []);
  if (cmd.name.startsWith('7z'))
    return args[0] === 'x' || args[0] === 'e'
      ? args.filter((a) => a.startsWith('-o') && a.length > 2).map((a) => a.slice(2))
      : [];
  const first = args[0] ?? '';
  const bundled = first !== '' && !first.startsWith('-') && /^[A-Za-z]+$/.test(first) && first.includes('x');
  if (!bundled && !hasFlag(args, 'x', ['extract', 'get'])) return [];
  const dirs = optionValues(args, 'C', ['directory']);
  if (hasFlag(args, 'P', ['absolute-names']) || (bundled && first.includes('P'))) dirs.push('/');
  return dirs;
}

function unpack(cmd: CommandView, out: HitSink): void {
  rewrites(cmd, unpackDirs(cmd), 'unpacks into', out);
}

/** sed -i, perl -i, ruby -i: the files they edit. */
function inPlace(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  if (!hasFlag(options, 'i', ['in-place'])) return;
  const scriptGiven = hasFlag(options, 'efE', ['expression', 'file']) || cmd.name !== 'sed';
  rewrites(cmd, scriptGiven ? operands : operands.slice(1), 'edits', out);
}

function truncate(cmd: CommandView, out: HitSink): void {
  const sizes = optionValues(cmd.args, 's', ['size']);
  const refs = optionValues(cmd.args, 'r', ['reference']);
  const targets = splitOptions(cmd.args).operands.filter((f) => !sizes.includes(f) && !refs.includes(f));
  rewrites(cmd, targets, 'truncates', out);
}

const EMPTY_SOURCES = new Set(['/dev/null', '/dev/zero']);

function copyMove(cmd: CommandView, out: HitSink): void {
  const operands = splitOptions(cmd.args).operands;
  const target = operands[operands.length - 1];
  if (target === undefined || operands.length < 2) return;
  if (cmd.name === 'mv' && /^\/dev\/(?:null|zero)$/.test(target))
    out.hit('move-to-dev-null', `mv ${operands.slice(0, -1).join(' ')} /dev/null`);
  if (cmd.name === 'cp' && operands.slice(0, -1).some((s) => EMPTY_SOURCES.has(s)))
    rewrites(cmd, [target], 'empties', out);
}

function tee(cmd: CommandView, out: HitSink): void {
  rewrites(cmd, splitOptions(cmd.args).operands, 'writes', out);
}

function remove(cmd: CommandView, out: HitSink): void {
  for (const t of splitOptions(cmd.args).operands)
    if (isHistoryFile(t)) out.hit('history-wipe', `${cmd.name} ${t}`);
}

export const filesDetectors: DetectorTable = [
  [['rsync'], rsync],
  [['tar', 'bsdtar', 'zip', '7z', '7za', '7zz', '7zr'], archiver],
  [['tar', 'bsdtar', 'unzip', '7z', '7za', '7zz', '7zr'], unpack],
  [['sed', 'perl', 'ruby'], inPlace],
  [['truncate'], truncate],
  [['cp', 'mv'], copyMove],
  [['tee'], tee],
  [['rm', 'shred', 'unlink', 'srm'], remove],
];
