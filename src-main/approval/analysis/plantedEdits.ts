/**
 * In-place edits of files a tool later runs on its own: `sed -i '1i os.system("…")' conftest.py`,
 * `perl -pi -e 's/^test:/test:\n\tcurl … | sh/' Makefile`, a script swapped into package.json. The
 * text an edit puts in is judged as if it ran now, like a redirect writing that file
 * (writtenScripts.ts): the later `pytest`, `make` or `npm test` names none of it.
 */
import type { Source } from './context';
import { makefileShellCode } from './makeCode';
import { landed, sedCommands, sedScripts } from './sedScript';
import type { Collector } from './wordEval';
import type { ArgWord } from './words';
import type { NestedWalker } from './writtenScripts';
import { autoRunner, runWritten } from './writtenScripts';

const MAKEFILE = /(?:^|\/)(?:GNUmakefile|makefile|Makefile|[\w.-]+\.mk)$/;
const PACKAGE_JSON = /(?:^|\/)package\.json$/;
/** `"name": "value"` pairs in an edit of package.json: the values of scripts. */
const JSON_PAIR = /"[\w:.-]{1,64}"\s{0,8}:\s{0,8}"((?:[^"\\]|\\.){1,4000})"/g;
/** perl's `s/…/…/` with any delimiter: the replacement. */
const PERL_SUBST = /\bs([^\w\s])(?:[^\\]|\\.){0,4000}?\1((?:[^\\]|\\.){0,4000}?)\1/g;

/** Whether `words` edit files in place: sed's `-i`/`--in-place`, perl's `-i` (`-pi`, `-i.bak`). */
function inPlace(name: string, words: readonly ArgWord[]): boolean {
  // Letters bundled before the `i` take no value of their own (`-ni`, `-pi`; not perl's `-Mlib`).
  return words.some((w) =>
    name === 'sed'
      ? /^-[nrEsuzb]*i/.test(w.value) || w.value.startsWith('--in-place')
      : /^-[nplaswTtWXUc]*i/.test(w.value),
  );
}

/** The text an in-place edit writes into lines. */
function editedText(name: string, argv: readonly ArgWord[]): string {
  if (name === 'sed') {
    const written: string[] = [];
    for (const script of sedScripts(argv, null)) sedCommands(script.value, written);
    return written.join('\n');
  }
  const code = argv.flatMap((w, i) => (/^-[a-zA-Z]*e$/.test(argv[i - 1]?.value ?? '') ? [w.value] : []));
  const found: string[] = [];
  for (const c of code) for (const m of c.matchAll(PERL_SUBST)) found.push(landed(m[2] ?? ''));
  return found.join('\n');
}

/** Judges what `sed -i`/`perl -pi` write into files run by themselves later. */
export function plantedEdits(
  w: NestedWalker,
  name: string,
  argv: readonly ArgWord[],
  seg: number,
  src: Source,
  col: Collector,
): void {
  if ((name !== 'sed' && name !== 'perl') || !inPlace(name, argv.slice(1))) return;
  const files = argv.slice(1).map((a) => a.value);
  let text: string | null = null;
  const edited = (): string => (text ??= editedText(name, argv));
  for (const file of files) {
    const runner = autoRunner(file);
    if (runner !== null && edited() !== '') runWritten(w, runner, edited(), seg, src, col);
    else if (MAKEFILE.test(file))
      for (const recipe of makefileShellCode(edited())) w.nestedCode(recipe, [], seg, src, col);
    else if (PACKAGE_JSON.test(file))
      for (const m of edited().matchAll(JSON_PAIR)) w.nestedCode(m[1] ?? '', [], seg, src, col);
  }
}
