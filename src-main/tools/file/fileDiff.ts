/** What write_file and patch changed, as a diff the card, the approval and the stored call keep. */
import type { FileDiff } from '../../../src-shared/fileDiff';
import type { ReadOutcome } from './accessTypes';
import { unifiedDiffOf } from './lineDiff';
import { looksBinary } from './readFile';

/** Above this the diff is not kept with the call (a session would grow by every large write). */
export const MAX_KEPT_DIFF_CHARS = 100_000;
/** Texts above this are not compared at all. */
export const MAX_DIFFED_BYTES = 2 * 1024 * 1024;

/** The file before the write, as far as it may be shown. */
export type Before =
  { kind: 'missing' } | { kind: 'text'; text: string } | { kind: Exclude<FileDiff['omitted'], undefined> };

/** A read of the old file, as `Before` (a read capped at MAX_DIFFED_BYTES has no data above it). */
export function beforeOf(read: ReadOutcome): Before {
  if (read.kind === 'missing') return { kind: 'missing' };
  if (read.kind !== 'file') return { kind: 'unreadable' };
  if (!read.data) return { kind: 'too-large' };
  if (looksBinary(read.data)) return { kind: 'binary' };
  return { kind: 'text', text: read.data.toString('utf8').replace(/^\ufeff/, '') };
}

const lineCount = (text: string): number => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

export function fileDiffOf(path: string, before: Before, after: string): FileDiff {
  const created = before.kind === 'missing';
  if (before.kind !== 'missing' && before.kind !== 'text')
    return { path, created, added: lineCount(after), omitted: before.kind };
  const old = before.kind === 'text' ? before.text : '';
  if (old.length > MAX_DIFFED_BYTES || after.length > MAX_DIFFED_BYTES)
    return { path, created, omitted: 'too-large' };
  const diff = unifiedDiffOf(old, after, path);
  const body = diff.split('\n').slice(2);
  const added = body.filter((l) => l.startsWith('+')).length;
  const removed = body.filter((l) => l.startsWith('-')).length;
  if (diff.length > MAX_KEPT_DIFF_CHARS) return { path, created, added, removed, omitted: 'too-large' };
  return { path, created, added, removed, diff };
}
