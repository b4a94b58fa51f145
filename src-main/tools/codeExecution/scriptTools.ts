import type { FunctionSchema, ToolEntry } from '../../runtime/types';

/** What execute_code tells the model about calling tools, built from the offered tools scripts may call. */
export function scriptToolsText(offered: readonly ToolEntry[]): string {
  const callable = offered.filter((entry) => entry.fromScripts);
  if (callable.length === 0)
    return 'No tools can be called from the script in this session; it has only its language and the environment.';
  const intro =
    'The script gets a global `tools` object whose functions call other tools and return their result, a JSON string.';
  const withExample = callable.find((entry) => entry.fromScripts?.example);
  const example = withExample?.fromScripts?.example;
  const usage =
    withExample && example
      ? ` For example: Python \`tools.${withExample.name}(${example.python})\`, Node \`await tools.${withExample.name}(${example.node})\`.`
      : '';
  return `${intro} Tools the script may call: ${callable.map((entry) => entry.name).join(', ')}.${usage}`;
}

/** execute_code's schema as offered: its description ends with the tools its scripts may call. */
export function withScriptTools(schema: FunctionSchema, offered: readonly ToolEntry[]): FunctionSchema {
  return { ...schema, description: `${schema.description}\n${scriptToolsText(offered)}` };
}
