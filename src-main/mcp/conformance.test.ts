import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConformanceRunner, TIMED, expectedFailuresFile, failure } from './testing/conformanceRunner';

/**
 * The official MCP conformance suite's client scenarios, run against Caduceus's MCP client, two
 * at a time. sse-retry checks the reconnect delay, which a crowded machine would distort: it runs
 * in conformanceTimed.test.ts, alone. A second client runs the step-up scenario through the
 * `caduceus` CLI.
 */
const conformance = new ConformanceRunner();
beforeAll(() => conformance.start());
afterAll(() => conformance.stop());

describe('MCP conformance (client scenarios)', () => {
  it('lists only draft or extension scenarios as expected failures', async () => {
    const scenarios = await conformance.clientScenarios();
    const expected = (parse(await readFile(expectedFailuresFile, 'utf8')) as { client: string[] }).client;
    for (const name of expected) {
      const scenario = scenarios.find((s) => s.name === name);
      expect(scenario, name).toBeDefined();
      expect(
        scenario?.tags.some((t) => t === 'draft' || t === 'extension'),
        name,
      ).toBe(true);
    }
  });

  it(
    'passes every client scenario except the listed ones and the timed ones',
    { timeout: 900_000 },
    async () => {
      const scenarios = await conformance.clientScenarios();
      expect(scenarios.length).toBeGreaterThan(20);
      // The timed ones exist, so their own file does test them.
      for (const name of TIMED) expect(scenarios.map((s) => s.name)).toContain(name);
      const failed: string[] = [];
      const queue = scenarios.filter((s) => !TIMED.has(s.name)).map((s) => s.name);
      const worker = async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          const result = await conformance.runScenario(name);
          if (!result.ok) failed.push(failure(name, result.output));
        }
      };
      await Promise.all(Array.from({ length: 2 }, worker));
      expect(failed).toEqual([]);
    },
  );

  it(
    're-authorizes with the wider scope when a `caduceus call` meets 403 insufficient_scope',
    { timeout: 300_000 },
    async () => {
      // Signed in once with `caduceus mcp login`; the call's process connected the server at start-up.
      const result = await conformance.runScenario('auth/scope-step-up', 'cli');
      expect(result.ok, result.output.split('\n').slice(-40).join('\n')).toBe(true);
    },
  );
});
