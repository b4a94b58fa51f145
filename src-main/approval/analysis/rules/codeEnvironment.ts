/**
 * Interpreter code that reads the whole environment (`os.environ`, `process.env`, `%ENV`,
 * `ENV.to_h`, `getenv()`) or a variable named like a credential. Sent over the network, it is
 * the one-liner form of `env | curl -d @- …`.
 */
import { SECRET_NAME } from './secrets';

/**
 * The environment as a whole. Not one variable read from it (`os.environ['X']`,
 * `process.env.X`, `$ENV{X}`, `ENV['X']`), and not the environment handed on to a child
 * process (`env=os.environ`, `{ env: process.env }`).
 */
const WHOLE =
  /(?<!\benv\s{0,3}[=:]\s{0,3}(?:dict\(\s{0,3}|\{\s{0,3}\.\.\.)?)(?:\bos\.environ\b(?!\s*(?:\.get\b|\[))|\bprocess\.env\b(?!\s*(?:\.\w|\[))|%ENV\b|\bENV\b(?!\s*(?:\[|\{|\.fetch\b))|\bgetenv\s*\(\s*\)|\$_(?:ENV|SERVER)\b(?!\s*\[))/;

/** One variable read by name, in any of the one-liner languages. */
const BY_NAME =
  /(?:\benviron(?:\.get)?\s*[[(]\s*|\bgetenv\s*\(\s*|\bprocess\.env\.|\bprocess\.env\[\s*|\$ENV\{\s*|\bENV(?:\.fetch)?\s*[[(]\s*|\$_(?:ENV|SERVER)\[\s*)['"]?(\w{1,80})/g;

/** What of the environment `code` reads that should not leave the machine, or null. */
export function environmentRead(code: string): string | null {
  const whole = WHOLE.exec(code);
  if (whole) return `the whole environment (${whole[0]})`;
  BY_NAME.lastIndex = 0;
  let seen = 0;
  for (let m = BY_NAME.exec(code); m && seen < 32; m = BY_NAME.exec(code), seen++) {
    const name = m[1] ?? '';
    if (SECRET_NAME.test(name)) return `the variable ${name}`;
  }
  return null;
}
