import { describe, expect, it } from 'vitest';
import { configOf, formOf, formProblem } from './mcpForm';

describe('MCP server form', () => {
  it('round-trips a config, keeping the keys the form does not show', () => {
    const config = { command: 'npx', args: ['-y', 'a server'], env: { A: '1' }, timeout: 30 };
    expect(configOf(formOf(config))).toEqual(config);
    expect(configOf(formOf({ url: 'http://127.0.0.1:9/mcp', headers: { h: 'v' } }))).toEqual({
      url: 'http://127.0.0.1:9/mcp',
      headers: { h: 'v' },
    });
  });

  it('names what is missing before a test', () => {
    expect(formProblem('bad name', formOf({ command: 'x' }))).toMatch(/^Name/);
    expect(formProblem('ok', formOf({}))).toMatch(/^Command/);
    expect(formProblem('ok', { ...formOf({}), transport: 'url', url: 'ftp://x' })).toMatch(/^URL/);
    expect(formProblem('ok', formOf({ command: 'node' }))).toBeUndefined();
  });
});
