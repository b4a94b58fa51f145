/**
 * The files written next to an execute_code script: the `caduceus_tools` helper (Python and a
 * CommonJS module for Node) that gives the script a `tools` object, and the Python launcher
 * that makes `tools` a global there too.
 */

export interface Channel {
  url: string;
  token: string;
}

/** Python and JavaScript both read a JSON string literal as the same string. */
const literal = (text: string | undefined) => (text === undefined ? 'None' : JSON.stringify(text));
const jsLiteral = (text: string | undefined) => (text === undefined ? 'null' : JSON.stringify(text));

export function pythonHelper(
  channel: Channel | undefined,
  tools: readonly string[],
  unavailable: string,
): string {
  return `"""Calls Caduceus tools: tools.read_file(path="a.txt") returns the tool's result (a JSON string)."""
import json as _json
import urllib.error as _error
import urllib.request as _request

_URL = ${literal(channel?.url)}
_TOKEN = ${literal(channel?.token)}
_UNAVAILABLE = ${literal(unavailable)}
# Loopback only: proxies from the environment must not see the token.
_opener = _request.build_opener(_request.ProxyHandler({}))


class ToolError(Exception):
    """The call was refused or could not be made; a tool's own failure is its JSON result."""


def call(tool, **args):
    if _URL is None:
        raise ToolError(_UNAVAILABLE)
    body = _json.dumps({"tool": tool, "args": args}).encode("utf-8")
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + _TOKEN}
    request = _request.Request(_URL, data=body, method="POST", headers=headers)
    try:
        with _opener.open(request) as response:
            return _json.loads(response.read().decode("utf-8"))["result"]
    except _error.HTTPError as error:
        raise ToolError(_json.loads(error.read().decode("utf-8")).get("error", str(error))) from None


def _tool(name):
    def run(**args):
        return call(name, **args)

    run.__name__ = name
    return run


${tools.map((name) => `${name} = _tool(${literal(name)})`).join('\n')}
`;
}

export function pythonLauncher(script: string): string {
  return `import runpy
import sys

import caduceus_tools

sys.argv = [${literal(script)}]
runpy.run_path(sys.argv[0], init_globals={"tools": caduceus_tools}, run_name="__main__")
`;
}

export function nodeHelper(
  channel: Channel | undefined,
  tools: readonly string[],
  unavailable: string,
): string {
  return `'use strict';
// Calls Caduceus tools: await tools.read_file({ path: 'a.txt' }) resolves to the tool's result (a JSON string).
const http = require('node:http');

const URL_ = ${jsLiteral(channel?.url)};
const TOKEN = ${jsLiteral(channel?.token)};
const UNAVAILABLE = ${jsLiteral(unavailable)};

class ToolError extends Error {}

function call(tool, args = {}) {
  if (!URL_) return Promise.reject(new ToolError(UNAVAILABLE));
  const body = JSON.stringify({ tool, args });
  const headers = { 'content-type': 'application/json', authorization: 'Bearer ' + TOKEN };
  return new Promise((resolve, reject) => {
    // No keep-alive agent: an idle socket must not hold the script open.
    const request = http.request(URL_, { method: 'POST', headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (response.statusCode === 200) resolve(parsed.result);
          else reject(new ToolError(parsed.error || 'HTTP ' + response.statusCode));
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const tools = { call, ToolError };
for (const name of ${JSON.stringify(tools)}) tools[name] = (args) => call(name, args);
globalThis.tools = tools;
module.exports = tools;
`;
}
