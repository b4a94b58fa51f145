import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

/** A parsed node copied out of WASM memory, so analysis is plain JavaScript. */
export interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  children: SyntaxNode[];
}

/**
 * Limits on parser work for one judgement, shared by the command and every string a shell
 * would run inside it. Past them the conservative pattern checks decide instead.
 */
export interface ParseBudget {
  /** Characters the parser may still read. */
  chars: number;
  /** Progress callbacks the parser may still make (one per ~100 parse operations). */
  ticks: number;
  /**
   * cpuTimeMs() after which parsing gives up: some shapes cost far more per operation. CPU time,
   * not the wall clock, so a busy machine's wait for a core cannot turn a safe command into an
   * unparsed one. Set at the parser's first progress report (after ~100 operations): most
   * commands finish before it, and reading the clock is a system call that cost a short
   * command's judgement several per cent.
   */
  deadline: number | null;
}

/**
 * `ms` is CPU time after the first progress report. A command the parser cannot finish in it is
 * never a short one (the longest corpus command needs well under a millisecond), and whatever the
 * parser spent is added to the pattern checks that then decide: 12 ms keeps the whole judgement
 * of input at the size limit near 20 ms.
 */
export const PARSE_LIMITS = { chars: 128 * 1024, ticks: 300, ms: 12, depth: 256 } as const;

export function newParseBudget(): ParseBudget {
  return {
    chars: PARSE_LIMITS.chars,
    ticks: PARSE_LIMITS.ticks,
    deadline: null,
  };
}

/** CPU time this thread has used, in ms (the whole process's where Node lacks threadCpuUsage). */
function cpuTimeMs(): number {
  const { user, system } = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (user + system) / 1000;
}

/** Exercises the parser once at start-up, so compiling its code does not eat a judgement's budget. */
const WARM_UP = 'if a; then b -x "$(c)" | d > e; fi; for i in 1 2; do f && g || h; done';

/** The WebAssembly global, which the Node typings (no DOM lib) do not describe. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => object;
}
type WasmModule = Parameters<typeof Language.loadSync>[0];
type Instantiated = (instance: object, module: WasmModule) => void;
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * Compiled synchronously. After V8's asynchronous wasm compilation the main thread later sat
 * blocked on a compile worker for 0.4–1.5 s on a busy machine before the first judgement; a
 * synchronous compile of the same bytes takes tens of milliseconds.
 */
function compileWasm(path: string): WasmModule {
  return new wasm.Module(readFileSync(path));
}

let parser: Parser | null = null;
let types: string[] = [];
let initPromise: Promise<void> | null = null;

export interface ShellParserFiles {
  /** web-tree-sitter's own wasm; default: resolved from node_modules. */
  runtimeWasm?: string;
  /** The bash grammar's wasm; default: resolved from node_modules. */
  bashWasm?: string;
}

/** Loads the bash grammar. Call once at start-up; later calls share the first. */
export function initShellParser(files: ShellParserFiles = {}): Promise<void> {
  initPromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const runtimeWasm = files.runtimeWasm ?? require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    await Parser.init({
      // Emscripten's hook: it hands over the imports and takes the instance back.
      instantiateWasm: (imports: object, done: Instantiated) => {
        const module = compileWasm(runtimeWasm);
        done(new wasm.Instance(module, imports), module);
        return {};
      },
    });
    const language = Language.loadSync(
      compileWasm(files.bashWasm ?? require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')),
    );
    const p = new Parser();
    p.setLanguage(language);
    types = language.types;
    parser = p;
    parseShell(WARM_UP, { ...newParseBudget(), deadline: Infinity });
  })().catch((err: unknown) => {
    initPromise = null;
    throw err;
  });
  return initPromise;
}

export function isShellParserReady(): boolean {
  return parser !== null;
}

/**
 * Parses shell text. Returns null when the parser is not loaded, the budget runs out, the text
 * has syntax errors, or nesting is deeper than analysis will follow.
 */
export function parseShell(text: string, budget: ParseBudget): SyntaxNode | null {
  const p = parser;
  if (!p || text.length > budget.chars) return null;
  budget.chars -= text.length;
  current.text = text;
  current.budget = budget;
  current.cancelled = false;
  current.read = 0;
  current.ticksAtStart = budget.ticks;
  current.firstAt = -1;
  const tree = p.parse(readChunk, null, PARSE_OPTIONS);
  current.text = '';
  const cancelled = current.cancelled;
  if (!tree) {
    // A cancelled parse resumes on the next call unless the parser is reset.
    p.reset();
    return null;
  }
  try {
    if (cancelled || tree.rootNode.hasError) return null;
    return copyTree(tree.walk(), text);
  } finally {
    tree.delete();
  }
}

/**
 * Input handed to the parser in short pieces. Given the whole string, the parser copies up to
 * 10 KB of it each time its lexer moves back (inside heredocs, at every substitution): most of
 * the parse time of a long heredoc went on those copies.
 */
const CHUNK = 512;

/**
 * The parse under way: the parser's callbacks are module functions reading this, not closures
 * made for every parse (parses do not nest: the callbacks never start one).
 */
const current = {
  text: '',
  budget: newParseBudget(),
  cancelled: false,
  /** Furthest index the parser has asked for: how far through the text it is. */
  read: 0,
  /** The budget's ticks when this parse began. */
  ticksAtStart: 0,
  /** CPU time and read index at this parse's first progress report; time -1 before it. */
  firstAt: -1,
  firstRead: 0,
};

function readChunk(index: number): string {
  if (index > current.read) current.read = index;
  const end = index + CHUNK;
  // Never split a surrogate pair between two pieces.
  const high = current.text.charCodeAt(end - 1);
  return current.text.slice(index, high >= 0xd800 && high <= 0xdbff ? end + 1 : end);
}

function onProgress(): boolean {
  const budget = current.budget;
  budget.ticks--;
  const now = cpuTimeMs();
  budget.deadline ??= now + PARSE_LIMITS.ms;
  if (current.firstAt < 0) {
    current.firstAt = now;
    current.firstRead = current.read;
  }
  current.cancelled = budget.ticks < 0 || now > budget.deadline || cannotFinish(budget, now);
  return current.cancelled;
}

/** Progress reports a parse makes before its pace is judged: short parses are never cut short. */
const PACE_AFTER = 8;
/** How far past its budget a parse's projection must reach before it stops early. */
const PACE_SLACK = 2;

/**
 * Whether the parse, at the pace it has kept so far, would need several times its budget (ticks,
 * or time past the deadline): it would be cancelled anyway, so it stops before spending the budget
 * (a parse at the size limit spent all 12 ms first). Input read is the measure of progress; a
 * parser that slows down as it goes only makes the projection hopeful, and the slack leaves room
 * for an uneven pace. Stopping early only hands the command to the pattern checks, which ask.
 */
function cannotFinish(budget: ParseBudget, now: number): boolean {
  const used = current.ticksAtStart - budget.ticks;
  if (used < PACE_AFTER) return false;
  const length = current.text.length;
  const read = Math.min(current.read + CHUNK, length);
  if ((used * length) / read > PACE_SLACK * current.ticksAtStart) return true;
  const gained = read - current.firstRead;
  const deadline = budget.deadline ?? Infinity;
  const finish = now + ((now - current.firstAt) * (length - read)) / gained;
  return gained > 0 && finish > deadline + (PACE_SLACK - 1) * PARSE_LIMITS.ms;
}

const PARSE_OPTIONS = { progressCallback: onProgress };

type Cursor = ReturnType<NonNullable<ReturnType<Parser['parse']>>['walk']>;

/**
 * The grammar leaves a lone `-` just before a heredoc (`bash -s - <<EOF`, `tar -xf - <<EOF`) out
 * of the tree; put the words between the command and the heredoc back as the command's own.
 */
function restoreWordsBeforeHeredoc(parent: SyntaxNode | undefined, heredoc: SyntaxNode, text: string): void {
  const command = parent?.children[parent.children.length - 2];
  if (parent?.type !== 'redirected_statement' || command?.type !== 'command') return;
  const gap = text.slice(command.end, heredoc.start);
  for (const m of gap.matchAll(/\S+/g)) {
    if (!/^-+$/.test(m[0])) return;
    const start = command.end + m.index;
    command.children.push({ type: 'word', start, end: start + m[0].length, children: [] });
  }
  const last = command.children[command.children.length - 1];
  if (last) command.end = last.end;
}

/** Copies the tree with one cursor walk; returns null past the depth limit. */
function copyTree(cursor: Cursor, text: string): SyntaxNode | null {
  try {
    const root: SyntaxNode = {
      type: types[cursor.nodeTypeId] ?? '',
      start: cursor.startIndex,
      end: cursor.endIndex,
      children: [],
    };
    const stack: SyntaxNode[] = [root];
    if (!cursor.gotoFirstChild()) return root;
    for (;;) {
      const node: SyntaxNode = {
        type: types[cursor.nodeTypeId] ?? '',
        start: cursor.startIndex,
        end: cursor.endIndex,
        children: [],
      };
      const parent = stack[stack.length - 1];
      parent?.children.push(node);
      if (node.type === 'heredoc_redirect') restoreWordsBeforeHeredoc(parent, node, text);
      if (cursor.gotoFirstChild()) {
        stack.push(node);
        if (stack.length > PARSE_LIMITS.depth) return null;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (stack.length <= 1 || !cursor.gotoParent()) return root;
        stack.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}
