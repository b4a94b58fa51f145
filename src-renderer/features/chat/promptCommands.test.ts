import { describe, expect, it } from 'vitest';
import { filterCommands, slashQuery, type PromptCommand } from './promptCommands';

const command = (server: string, name: string): PromptCommand => ({
  server,
  prompt: { name, arguments: [] },
  command: `${server}:${name}`,
});

describe('slash commands in the composer', () => {
  it('reads the query only while the composer holds a lone slash word', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/every')).toBe('every');
    expect(slashQuery('/everything:args')).toBe('everything:args');
    expect(slashQuery('/args now')).toBeUndefined();
    expect(slashQuery('hi /args')).toBeUndefined();
    expect(slashQuery('')).toBeUndefined();
  });

  it('filters by server and prompt name, case-insensitively', () => {
    const all = [
      command('everything', 'simple-prompt'),
      command('everything', 'args-prompt'),
      command('docs', 'summary'),
    ];
    expect(filterCommands(all, '').length).toBe(3);
    expect(filterCommands(all, 'ARGS').map((c) => c.command)).toEqual(['everything:args-prompt']);
    expect(filterCommands(all, 'docs:').map((c) => c.command)).toEqual(['docs:summary']);
  });
});
