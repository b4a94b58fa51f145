/** Typed reads of arguments the runtime has already validated against the tool's schema. */
import type { ToolArgs } from '../../runtime/types';

export function stringArg(args: ToolArgs, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberArg(args: ToolArgs, key: string): number | undefined {
  const value = args[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function booleanArg(args: ToolArgs, key: string): boolean {
  return args[key] === true;
}
