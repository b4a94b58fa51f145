/**
 * `env [options] [NAME=value…] cmd …`: the command it runs, the variables it sets on the way
 * (judged as if assigned before the command) and `-S` strings split into a command line.
 */
import { optionValue, parseOptions } from './options';
import type { Wrapper } from './wrapperTypes';

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

export const env: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, { short: 'uCSP', long: ['unset', 'chdir', 'split-string', 'path'] });
  const split = optionValue(p, '-S', '--split-string');
  let i = p.next;
  // The variables set here reach the command as if assigned before it (`env GIT_PAGER=… git log`).
  for (let m = ASSIGNMENT.exec(words[i]?.value ?? ''); m; m = ASSIGNMENT.exec(words[++i]?.value ?? '')) {
    const w = words[i];
    if (w) out.assigned.push({ name: m[1] ?? '', word: { ...w, value: m[2] ?? '' } });
  }
  const rest = words.slice(i);
  if (split) {
    out.nested.push({
      kind: 'code',
      text: [split.value, ...rest.map((w) => w.value)].join(' '),
      words: [split, ...rest],
    });
    return null;
  }
  return rest.length > 0 ? rest : null;
};
