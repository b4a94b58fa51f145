/**
 * Text written to the stdin of a running background process (`process` tool, action "write"),
 * judged as what that process will do with it: commands for a shell, code for an interpreter,
 * SQL for a database client, nothing for a program that only reads data.
 */
import type { AnalysisOptions } from './context';
import { AnalysisContext } from './context';
import { judgeArgv, wordPieces } from './commandWalk';
import { normaliseCommand } from './normalise';
import type { SyntaxNode } from './parse';
import { parseCommandText } from './plain';
import { unwrap } from './unwrap';
import type { Verdict } from './verdict';
import { Walker } from './walker';
import { evalWord, splitWord } from './wordEval';
import type { ArgWord } from './words';
import { commandName, syntheticWord } from './words';

/** Commands that pass their stdin on down a pipeline. */
const PASS_THROUGH = new Set(['cat', 'tee', 'pv', 'buffer', 'mbuffer']);
const SEPARATORS = new Set([';', '&', '&&', '||', '\n', 'comment']);

/** The command node that reads what is written to the process's stdin, or null when unclear. */
function consumerNode(node: SyntaxNode, src: string): SyntaxNode | null {
  switch (node.type) {
    case 'program':
    case 'list': {
      const statements = node.children.filter((c) => !SEPARATORS.has(c.type));
      const last = statements[statements.length - 1];
      return last ? consumerNode(last, src) : null;
    }
    case 'redirected_statement': {
      const body = node.children[0];
      return body ? consumerNode(body, src) : null;
    }
    case 'pipeline': {
      const stages = node.children.filter((c) => c.type !== '|' && c.type !== '|&');
      let i = 0;
      while (i < stages.length - 1 && PASS_THROUGH.has(nameOf(stages[i], src))) i++;
      const stage = stages[i];
      return stage ? consumerNode(stage, src) : null;
    }
    case 'command':
      return node;
    default:
      return null;
  }
}

function nameOf(node: SyntaxNode | undefined, src: string): string {
  const name = node?.children.find((c) => c.type === 'command_name');
  return name ? commandName(src.slice(name.start, name.end)) : '';
}

/** The argv of the command that reads the process's stdin, wrappers peeled; null when unclear. */
function consumerArgv(processCommand: string, options: AnalysisOptions): ArgWord[] | null {
  const text = normaliseCommand(processCommand);
  const ctx = new AnalysisContext(text, options);
  const tree = parseCommandText(text, ctx.budget);
  const node = tree ? consumerNode(tree, text) : null;
  if (!node) return null;
  const walker = new Walker(ctx);
  const src = { text, base: 0, span: [0, text.length] as const };
  const words = wordPieces(node).flatMap((p) => splitWord(evalWord(p, src, walker, { runs: [] })));
  const u = unwrap(words);
  // `ssh host` with no command starts a remote shell that reads stdin.
  if (u.argv.length === 0 && u.via.includes('ssh')) return [syntheticWord('sh')];
  return u.argv.map((w) => syntheticWord(w.value));
}

/** Judges `data` written to the stdin of a process that runs `processCommand`. */
export function analyseProcessInput(
  processCommand: string,
  data: string,
  options: AnalysisOptions = {},
): Verdict {
  const text = normaliseCommand(data);
  const argv = consumerArgv(processCommand, options) ?? [syntheticWord('sh')];
  const ctx = new AnalysisContext(text, options);
  const src = { text, base: 0, span: [0, text.length] as const };
  const seg = ctx.segment(src, 0, text.length, [], []);
  const word: ArgWord = { value: text, raw: text, start: 0, end: text.length, quoted: true, runs: [] };
  judgeArgv(new Walker(ctx), argv, [], seg, src, { runs: [] }, text, word);
  const verdict = ctx.verdict();
  if (verdict.verdict !== 'safe')
    verdict.reasons.unshift(
      `Written to the input of the running "${processCommand.slice(0, 80)}", which runs it`,
    );
  return verdict;
}
