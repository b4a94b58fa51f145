/**
 * Shell commands held in config files that something runs by itself: VS Code's tasks (a task set
 * to run on folder open runs when the project is opened; any task runs on a keypress) and CI
 * pipelines (GitHub Actions, GitLab CI), which run on the next push with the repository's secrets.
 */

/** Kinds of config file, by the name writtenScripts.ts gives the tool that runs them. */
export const CONFIG_RUNNERS = new Set(['vscode-tasks', 'ci-yaml']);

const TASK_COMMAND = /"command"\s{0,8}:\s{0,8}"((?:[^"\\]|\\.){1,4000})"/g;
const CI_KEY = /^(\s*)(?:-\s+)?(?:run|script|before_script|after_script|command)\s*:\s*(.*)$/;
const MAX_FOUND = 32;

function jsonString(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

/** `run: cmd`, `run: |` blocks and `script:` lists of a CI file. */
function ciCommands(text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  for (let i = 0; i < lines.length && found.length < MAX_FOUND; i++) {
    const m = CI_KEY.exec(lines[i] ?? '');
    if (!m) continue;
    const indent = (m[1] ?? '').length;
    const value = (m[2] ?? '').trim();
    if (value !== '' && !/^[|>][-+]?$/.test(value)) {
      found.push(value.replace(/^(['"])(.*)\1$/s, '$2'));
      continue;
    }
    // A block or a list: the lines indented deeper than the key.
    const body: string[] = [];
    while (i + 1 < lines.length && /^\s*$|^\s+/.test(lines[i + 1] ?? '')) {
      const next = lines[i + 1] ?? '';
      if (next.trim() !== '' && next.length - next.trimStart().length <= indent) break;
      body.push(value === '' ? next.trim().replace(/^-\s+/, '') : next.trim());
      i++;
    }
    found.push(body.join('\n'));
  }
  return found;
}

/** The shell commands a config file of `kind` holds. */
export function configShellCode(kind: string, text: string): string[] {
  if (kind === 'vscode-tasks')
    return [...text.matchAll(TASK_COMMAND)].slice(0, MAX_FOUND).map((m) => jsonString(m[1] ?? ''));
  return kind === 'ci-yaml' ? ciCommands(text) : [];
}
