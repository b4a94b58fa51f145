/** Walks a parsed command: lists, pipelines, subshells, functions, assignments and nested shells. */
import type { AnalysisContext, Source } from './context';
import { MAX_NESTING } from './context';
import type { CommandWalker, StageResult } from './commandWalk';
import { walkCommand } from './commandWalk';
import { REDIRECTS, walkRedirects } from './redirects';
import { printsShellSetup } from './shellSetup';
import { fallbackScan } from './fallback';
import { normaliseCommand } from './normalise';
import type { SyntaxNode } from './parse';
import { parseCommandText } from './plain';
import type { PipelineStage } from './rules/remote';
import { pipelineHits } from './rules/remote';
import { pipelineKillHits, pipelineStormHits } from './rules/services';
import { pipelineTreeHits } from './rules/filesystem';
import { pipelineExfiltrationHits } from './rules/exfiltration';
import { loopForkBomb } from './rules/hardline';
import type { Collector } from './wordEval';
import { evalWord } from './wordEval';
import type { ArgWord } from './words';
import { DYN } from './words';
import { codeVariableHits, isCodeVariable } from './codeVariables';

const MAX_ENV_VALUE = 4096;

export class Walker implements CommandWalker {
  constructor(readonly ctx: AnalysisContext) {}

  /** Analyses any node; returns the static stdout of a command or pipeline when known. */
  walk(node: SyntaxNode, src: Source, col: Collector): string | null {
    switch (node.type) {
      case 'command':
        return walkCommand(this, node, src, col, [], null).staticOut;
      case 'redirected_statement':
        return this.redirected(node, src, col, null)?.staticOut ?? null;
      case 'pipeline':
        return this.pipeline(node, src, col);
      case 'function_definition':
        this.functionDefinition(node, src, col);
        return null;
      case 'variable_assignment':
        this.assign(node, src, col);
        return null;
      case 'unset_command':
        for (const c of node.children)
          if (c.type === 'word' || c.type === 'variable_name')
            this.ctx.env.delete(src.text.slice(c.start, c.end));
        return null;
      case 'while_statement':
      case 'c_style_for_statement':
        if (loopForkBomb(node, src.text))
          this.ctx.hit(
            this.ctx.segment(src, node.start, node.end, [], []),
            'fork-bomb',
            'an endless loop starts processes in the background without waiting',
          );
        if (node.type === 'while_statement' && readsLines(node, src.text))
          return this.listLoop(node, src, col);
        break;
      case 'for_statement':
        for (const c of node.children)
          if (c.type === 'variable_name') this.ctx.env.delete(src.text.slice(c.start, c.end));
        if (overProducedList(node, src.text)) return this.listLoop(node, src, col);
        break;
      case 'command_substitution':
      case 'process_substitution':
        evalWord([node], src, this, col);
        return null;
      case 'comment':
        return null;
    }
    for (const c of node.children) {
      if (c.type === 'variable_assignment') this.assign(c, src, col);
      else this.walk(c, src, col);
    }
    return null;
  }

  /** Walks a loop whose body runs once per item of a list a command produced. */
  private listLoop(node: SyntaxNode, src: Source, col: Collector): null {
    const outer = this.ctx.listLoop;
    this.ctx.listLoop = true;
    try {
      for (const c of node.children) this.walk(c, src, col);
    } finally {
      this.ctx.listLoop = outer;
    }
    return null;
  }

  private assign(node: SyntaxNode, src: Source, col: Collector): void {
    const nameNode = node.children.find((c) => c.type === 'variable_name');
    const valueNodes = node.children.filter((c) => c !== nameNode && c.type !== '=' && c.type !== '+=');
    const word = valueNodes.length > 0 ? evalWord(valueNodes, src, this, col) : null;
    const value = word?.value ?? '';
    if (!nameNode) return;
    const name = src.text.slice(nameNode.start, nameNode.end);
    const appended = node.children.some((c) => c.type === '+=')
      ? (this.ctx.env.get(name) ?? DYN) + value
      : value;
    const array = valueNodes.some((v) => v.type === 'array');
    this.ctx.env.set(name, array || appended.length > MAX_ENV_VALUE ? DYN : appended);
    if (word && isCodeVariable(name)) {
      const seg = this.ctx.segment(src, node.start, node.end, [], []);
      codeVariableHits(this, name, { ...word, value: appended }, seg, src, col);
    }
  }

  private redirected(
    node: SyntaxNode,
    src: Source,
    col: Collector,
    pipedIn: string | null,
  ): StageResult | null {
    const { clean, tail } = splitHeredocTail(node);
    if (tail.length > 0) {
      // `cat <<EOF | sh`: the parser hangs the rest of the line inside the heredoc redirect.
      const [first, ...rest] = tail;
      if (first?.type === 'pipeline' && first.children[0]?.type === '|') {
        this.pipeline(
          {
            type: 'pipeline',
            start: node.start,
            end: node.end,
            children: [clean, ...flattenPipeline(first)],
          },
          src,
          col,
        );
      } else {
        this.redirected(clean, src, col, pipedIn);
        if (first) this.walk(first, src, col);
      }
      for (const r of rest) this.walk(r, src, col);
      return null;
    }
    const body = node.children.find((c) => !REDIRECTS.has(c.type));
    const redirects = node.children.filter((c) => REDIRECTS.has(c.type));
    if (body?.type === 'command') return walkCommand(this, body, src, col, redirects, pipedIn);
    const last = body?.type === 'list' ? body.children[body.children.length - 1] : undefined;
    if (body && last && redirects.length > 0) {
      // The parser hangs `a && b < file` on the whole list; the shell gives the redirect to `b`.
      for (const c of body.children.slice(0, -1)) this.walk(c, src, col);
      const lastRedirected = { type: 'redirected_statement', start: last.start, end: node.end };
      return this.redirected({ ...lastRedirected, children: [last, ...redirects] }, src, col, pipedIn);
    }
    if (body) this.walk(body, src, col);
    // Redirects of a compound statement (`{ …; } > file`) are judged on their own segments.
    walkRedirects(this, redirects, src, col, null, null, body ? src.text.slice(body.start, body.end) : '');
    return null;
  }

  private pipeline(node: SyntaxNode, src: Source, col: Collector): string | null {
    const results: StageResult[] = [];
    let out: string | null = null;
    for (const stage of node.children) {
      if (stage.type === '|' || stage.type === '|&') continue;
      let r: StageResult;
      if (stage.type === 'command') r = walkCommand(this, stage, src, col, [], out);
      else {
        const redirected =
          stage.type === 'redirected_statement' ? this.redirected(stage, src, col, out) : null;
        if (stage.type !== 'redirected_statement') this.walk(stage, src, col);
        r = redirected ?? {
          view: null,
          carried: null,
          seg: this.ctx.segment(src, stage.start, stage.end, [], []),
          staticOut: null,
        };
      }
      results.push(r);
      out = r.staticOut;
    }
    const stages: PipelineStage[] = results.map((r) => ({
      view: r.view,
      carried: r.carried,
      staticOut: r.staticOut,
      setup: r.view !== null && printsShellSetup(r.view),
    }));
    pipelineHits(stages, (i) => this.ctx.sink(results[i]?.seg ?? -1));
    pipelineKillHits(stages, (i) => this.ctx.sink(results[i]?.seg ?? -1));
    pipelineTreeHits(
      results.map((r) => r.view),
      (i) => this.ctx.sink(results[i]?.seg ?? -1),
    );
    const texts = node.children.filter((c) => c.type !== '|' && c.type !== '|&');
    const flow = results.map((r, i) => ({
      view: r.view,
      text: src.text.slice(texts[i]?.start ?? 0, texts[i]?.end ?? 0),
    }));
    pipelineExfiltrationHits(flow, (i) => this.ctx.sink(results[i]?.seg ?? -1));
    pipelineStormHits(flow, (i) => this.ctx.sink(results[i]?.seg ?? -1));
    return out;
  }

  /** A function that calls itself twice, or once in the background, multiplies without end. */
  private functionDefinition(node: SyntaxNode, src: Source, col: Collector): void {
    const nameNode = node.children.find((c) => c.type === 'word');
    const body = node.children.filter(
      (c) => c !== nameNode && c.type !== 'function' && c.type !== '(' && c.type !== ')',
    );
    if (nameNode) {
      const name = src.text.slice(nameNode.start, nameNode.end);
      let selfCalls = 0;
      let background = false;
      const stack = [...body];
      for (let n = stack.pop(); n; n = stack.pop()) {
        if (n.type === '&') background = true;
        if (n.type === 'command_name' && src.text.slice(n.start, n.end) === name) selfCalls++;
        stack.push(...n.children);
      }
      if (selfCalls >= 2 || (selfCalls >= 1 && background)) {
        const seg = this.ctx.segment(src, node.start, node.end, [], []);
        this.ctx.hit(
          seg,
          'fork-bomb',
          `${name}() calls itself ${background ? 'in the background' : 'twice'}`,
        );
      }
    }
    this.ctx.functionDepth++;
    try {
      for (const b of body) this.walk(b, src, col);
    } finally {
      this.ctx.functionDepth--;
    }
  }

  /** Code a command hands to a shell (`bash -c`, `eval`, stdin of `sh`): parsed and walked in turn. */
  nestedCode(text: string, words: readonly ArgWord[], seg: number, src: Source, col: Collector): void {
    const ctx = this.ctx;
    if (ctx.depth >= MAX_NESTING) {
      // Code left unread: no allow rule may cover it.
      ctx.parsed = false;
      ctx.hit(seg, 'nesting-too-deep', `more than ${MAX_NESTING} levels`);
      return;
    }
    if (!ctx.expand(text.length)) {
      // Code left unread, as unparsed code is: no allow rule may cover it.
      ctx.parsed = false;
      ctx.hit(seg, 'too-much-expansion', `more than ${ctx.expansionLimit} characters of nested code`);
      if (ctx.scan(text)) fallbackScan(normaliseCommand(text), () => ctx.sink(seg));
      return;
    }
    const code = normaliseCommand(text);
    // Trees are never changed once built, so code met again (an alias called twice) is parsed once.
    const trees = (ctx.nestedTrees ??= new Map());
    let tree = trees.get(code);
    if (tree === undefined) {
      tree = parseCommandText(code, ctx.budget);
      trees.set(code, tree);
    }
    if (!tree) {
      ctx.parsed = false;
      ctx.hit(seg, 'unparsed-command', 'code handed to a shell could not be parsed');
      fallbackScan(code, () => ctx.sink(seg));
      return;
    }
    const first = words[0];
    const last = words[words.length - 1];
    const [s, e] = first && last ? ctx.span(src, first.start, last.end) : ctx.span(src, 0, src.text.length);
    const exact =
      words.length === 1 && first !== undefined && (first.raw === code || first.raw.slice(1, -1) === code)
        ? s + (first.raw === code ? 0 : 1)
        : null;
    const inner: Source = {
      text: code,
      base: exact !== null && src.base !== null ? exact : null,
      span: [s, e],
    };
    ctx.depth++;
    try {
      this.walk(tree, inner, col);
    } finally {
      ctx.depth--;
    }
  }
}

export function walkTop(ctx: AnalysisContext, tree: SyntaxNode): void {
  new Walker(ctx).walk(tree, { text: ctx.top, base: 0, span: [0, ctx.top.length] }, { runs: [] });
}

const HEREDOC_PARTS = new Set([
  '<<',
  '<<-',
  'heredoc_start',
  'heredoc_body',
  'heredoc_end',
  'file_redirect',
  '&&',
  '||',
  ';',
  '&',
  '|',
]);

/** Separates statements the parser nested inside a heredoc redirect from the redirect itself. */
function splitHeredocTail(node: SyntaxNode): { clean: SyntaxNode; tail: SyntaxNode[] } {
  const tail: SyntaxNode[] = [];
  const children = node.children.map((c) => {
    if (c.type !== 'heredoc_redirect') return c;
    const kept = c.children.filter((k) => HEREDOC_PARTS.has(k.type));
    tail.push(...c.children.filter((k) => !HEREDOC_PARTS.has(k.type)));
    return kept.length === c.children.length ? c : { ...c, children: kept };
  });
  return { clean: tail.length > 0 ? { ...node, children } : node, tail };
}

function flattenPipeline(p: SyntaxNode): SyntaxNode[] {
  return p.children.flatMap((c) =>
    c.type === '|' || c.type === '|&' ? [] : c.type === 'pipeline' ? flattenPipeline(c) : [c],
  );
}

/** `for f in $(git ls-files)`, `for f in `find …``: the words looped over come from a command. */
function overProducedList(node: SyntaxNode, text: string): boolean {
  const body = node.children.find((c) => c.type === 'do_group');
  const list = text.slice(node.start, body?.start ?? node.end);
  return list.includes('$(') || list.includes('`');
}

/** `while read f` (also `IFS= read -r f`): each pass takes a line of its input. */
function readsLines(node: SyntaxNode, text: string): boolean {
  const condition = node.children.find((c) => c.type !== 'while' && c.type !== 'do_group');
  return (
    condition !== undefined &&
    /^(?:IFS=\S*\s+)?read\b/.test(text.slice(condition.start, condition.end).trim())
  );
}
