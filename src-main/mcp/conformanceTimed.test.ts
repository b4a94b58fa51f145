import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConformanceRunner, TIMED, failure } from './testing/conformanceRunner';

/**
 * The conformance scenarios that time the client (sse-retry: it must wait the `retry` the server
 * gave before reconnecting, give or take 200 ms). This file is in vitest.config.ts's ALONE list,
 * so no other file loads the machine while they run.
 */
const conformance = new ConformanceRunner();
beforeAll(() => conformance.start());
afterAll(() => conformance.stop());

describe('MCP conformance (timed client scenarios)', () => {
  it.each([...TIMED])('passes %s', { timeout: 120_000 }, async (name) => {
    const result = await conformance.runScenario(name);
    expect(result.ok, failure(name, result.output)).toBe(true);
  });
});
