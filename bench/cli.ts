/**
 * Start-up of the built `caduceus` command, as a user meets it: `--help`, the first verdict of
 * `approval check`, `serve` from spawn to the first page HTML fetched, and `tools list` from spawn
 * to exit. Each is the median of several cold processes (a fresh Node each time).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, spawnCli } from '../e2e/support/serve';
import { median, round } from '../src-shared/stats';

const RUNS = 5;

/** Milliseconds from spawning `caduceus args` until `done(stdout)` holds, or it exits 0. */
function timeCli(
  args: string[],
  options: { home: string; cwd: string },
  input: string,
  done: (out: string) => boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawnCli(args, options);
    let out = '';
    let finished = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (finished || !done(out)) return;
      finished = true;
      resolve(performance.now() - started);
      child.stdin.end();
    });
    child.once('exit', (code) => {
      if (finished) return;
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`caduceus ${args.join(' ')} exited with ${code} before answering`));
    });
    // Input stays open: the first verdict is timed, not the end of the stream.
    if (input) child.stdin.write(input);
    else child.stdin.end();
  });
}

async function serveFirstPageMs(options: { home: string; cwd: string }): Promise<number> {
  const started = performance.now();
  const served = await startServe({ baseUrl: 'http://127.0.0.1:9/v1', ...options });
  try {
    const response = await fetch(served.url);
    const html = await response.text();
    if (!response.ok || !html.includes('<html')) throw new Error(`serve answered ${response.status}`);
    return performance.now() - started;
  } finally {
    await served.stop();
  }
}

export async function benchCli(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'caduceus-bench-cli-'));
  const options = { home: join(dir, 'home'), cwd: dir };
  try {
    const help: number[] = [];
    const verdict: number[] = [];
    const page: number[] = [];
    const toolsList: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      help.push(await timeCli(['--help'], options, '', () => false));
      verdict.push(
        await timeCli(['approval', 'check', '--jsonl'], options, '"ls -la"\n', (out) => out.includes('\n')),
      );
      page.push(await serveFirstPageMs(options));
      // A command that builds the whole runtime, timed until the process has exited.
      toolsList.push(await timeCli(['tools', 'list', '--json'], options, '', () => false));
    }
    return {
      cli_help_ms: round(median(help), 1),
      cli_first_verdict_ms: round(median(verdict), 1),
      serve_first_page_ms: round(median(page), 1),
      cli_tools_list_ms: round(median(toolsList), 1),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
