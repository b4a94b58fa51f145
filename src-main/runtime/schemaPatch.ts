import type { FunctionSchema } from './types';

/** Tools an execute_code script may call through its RPC channel, when they are available. */
export const CODE_EXECUTION_CALLABLE = [
  'web_search',
  'web_extract',
  'read_file',
  'write_file',
  'search_files',
  'patch',
  'terminal',
] as const;

/** The sentence in browser_navigate's description that points at the web tools. */
export const BROWSER_WEB_HINT =
  ' For plain research prefer web_search or web_extract, which are faster and cheaper than a browser.';

/** One call per tool, as Python keyword arguments and as a Node object. */
const SCRIPT_EXAMPLES: Partial<Record<(typeof CODE_EXECUTION_CALLABLE)[number], [string, string]>> = {
  read_file: ['path="a.txt"', '{ path: "a.txt" }'],
  search_files: ['pattern="TODO"', '{ pattern: "TODO" }'],
  terminal: ['command="ls"', '{ command: "ls" }'],
  web_search: ['query="release notes"', '{ query: "release notes" }'],
  web_extract: ['urls=["https://example.com"]', '{ urls: ["https://example.com"] }'],
  write_file: ['path="out.txt", content="done"', '{ path: "out.txt", content: "done" }'],
};

/** What execute_code tells the model about calling tools, built from the tools it may call. */
export function scriptToolsText(callable: readonly string[]): string {
  if (callable.length === 0)
    return 'No tools can be called from the script in this session; it has only its language and the environment.';
  const intro =
    'The script gets a global `tools` object whose functions call other tools and return their result, a JSON string.';
  const name = callable.find((n): n is keyof typeof SCRIPT_EXAMPLES => n in SCRIPT_EXAMPLES);
  const example = name ? SCRIPT_EXAMPLES[name] : undefined;
  const usage =
    name && example
      ? ` For example: Python \`tools.${name}(${example[0]})\`, Node \`await tools.${name}(${example[1]})\`.`
      : '';
  return `${intro} Tools the script may call: ${callable.join(', ')}.${usage}`;
}

type Patcher = (schema: FunctionSchema, offered: ReadonlySet<string>) => FunctionSchema;

const patchers: Record<string, Patcher> = {
  execute_code(schema, offered) {
    const callable = CODE_EXECUTION_CALLABLE.filter((name) => offered.has(name));
    return { ...schema, description: `${schema.description}\n${scriptToolsText(callable)}` };
  },
  browser_navigate(schema, offered) {
    if (offered.has('web_search') || offered.has('web_extract')) return schema;
    return { ...schema, description: schema.description.replace(BROWSER_WEB_HINT, '') };
  },
};

/**
 * Rewrites schemas whose text depends on which other tools are offered, so the model is never
 * told about a tool it does not have.
 */
export function patchSchema(schema: FunctionSchema, offered: ReadonlySet<string>): FunctionSchema {
  const patch = patchers[schema.name];
  return patch ? patch(schema, offered) : schema;
}
