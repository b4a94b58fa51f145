/** The MCP server form's fields and their config.yaml object (other keys pass through unchanged). */
export interface McpForm {
  transport: 'command' | 'url';
  command: string;
  /** One argument per line, so arguments with spaces need no quoting. */
  args: string;
  url: string;
  /** Keys the form does not show (env, headers, timeout, tools, sandbox, enabled). */
  rest: Record<string, unknown>;
}

export function formOf(config: Record<string, unknown>): McpForm {
  const { command, args, url, ...rest } = config;
  return {
    transport: typeof url === 'string' && url ? 'url' : 'command',
    command: typeof command === 'string' ? command : '',
    args: Array.isArray(args) ? args.map(String).join('\n') : '',
    url: typeof url === 'string' ? url : '',
    rest,
  };
}

export function configOf(form: McpForm): Record<string, unknown> {
  if (form.transport === 'url') return { ...form.rest, url: form.url.trim() };
  const args = form.args
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);
  return { ...form.rest, command: form.command.trim(), ...(args.length ? { args } : {}) };
}

/** What is missing before the server can be tested, or undefined. */
export function formProblem(name: string, form: McpForm): string | undefined {
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) return 'Name: letters, digits, _ . - only.';
  if (form.transport === 'url') {
    try {
      const url = new URL(form.url.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'URL: http:// or https:// only.';
    } catch {
      return 'URL: enter the server’s full address (http://…).';
    }
    return undefined;
  }
  return form.command.trim() ? undefined : 'Command: the program that starts the server.';
}

export function parseJsonConfig(text: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return 'The config must be a JSON object.';
    return value as Record<string, unknown>;
  } catch (err) {
    return err instanceof Error ? err.message : 'Invalid JSON';
  }
}
