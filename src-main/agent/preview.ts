import { parseArgs } from '../runtime/validate';

const PRIMARY_ARGS = ['command', 'path', 'query', 'url', 'goal', 'question', 'pattern', 'action', 'prompt'];

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** One line saying what a call does: its main argument when it has one, else compact JSON. */
export function argsPreview(rawArgs: string, max = 160): string {
  const parsed = parseArgs(rawArgs);
  if (!parsed.ok) return clip(rawArgs, max);
  for (const key of PRIMARY_ARGS) {
    const value = parsed.args[key];
    if (typeof value === 'string' && value) return clip(value, max);
  }
  if (Array.isArray(parsed.args.tasks)) return `${parsed.args.tasks.length} task(s)`;
  return clip(JSON.stringify(parsed.args), max);
}

export function resultPreview(result: string, max = 200): string {
  return clip(result, max);
}
