import { homedir } from 'node:os';
import { join } from 'node:path';

/** The config home: `$CADUCEUS_HOME`, default `~/.caduceus`. */
export function caduceusHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CADUCEUS_HOME || join(homedir(), '.caduceus');
}

export function configPath(home: string): string {
  return join(home, 'config.yaml');
}
