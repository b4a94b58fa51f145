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

type Patcher = (schema: FunctionSchema, offered: ReadonlySet<string>) => FunctionSchema;

const patchers: Record<string, Patcher> = {
  execute_code(schema, offered) {
    const callable = CODE_EXECUTION_CALLABLE.filter((name) => offered.has(name));
    const listed = callable.length > 0 ? callable.join(', ') : 'none';
    return {
      ...schema,
      description: `${schema.description}\nTools the script may call: ${listed}.`,
    };
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
