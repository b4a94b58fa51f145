// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseRenderer, isSoftwareGl } from './rendererChoice';

const UNMASKED_RENDERER = 0x9246;
const RENDERER = 0x1f01;

/** A WebGL2 context that names `renderer` (through the debug extension unless `masked`). */
function fakeGl(renderer: string, masked = false) {
  const lose = vi.fn();
  const gl = {
    RENDERER,
    getExtension: (name: string) =>
      name === 'WEBGL_lose_context'
        ? { loseContext: lose }
        : name === 'WEBGL_debug_renderer_info' && !masked
          ? { UNMASKED_RENDERER_WEBGL: UNMASKED_RENDERER }
          : null,
    getParameter: (p: number) =>
      p === UNMASKED_RENDERER ? renderer : p === RENDERER ? 'WebKit WebGL' : null,
  };
  return { gl, lose };
}

/** The module afresh (its probe answers once per page), with canvas contexts from `context`. */
async function freshModule(context: (kind: string, options: unknown) => unknown) {
  vi.resetModules();
  const getContext = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(context as HTMLCanvasElement['getContext']);
  return { module: await import('./rendererChoice'), getContext };
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('isSoftwareGl', () => {
  it('names the rasterisers that draw on the CPU', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Mesa, lavapipe, Vulkan 1.3)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)',
      'Software Rasterizer',
    ])
      expect(isSoftwareGl(name), name).toBe(true);
  });

  it('does not name a GPU', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      'AMD Radeon Pro 560 OpenGL Engine',
      'Apple GPU',
    ])
      expect(isSoftwareGl(name), name).toBe(false);
  });
});

describe('chooseRenderer', () => {
  const never = () => {
    throw new Error('the probe is not asked when the address chooses');
  };

  it('takes the address’s choice without asking the browser', () => {
    expect(chooseRenderer('dom', never)).toBe('dom');
    expect(chooseRenderer('webgl', never)).toBe('webgl');
  });

  it('draws with WebGL on a GPU, and with the DOM where the CPU would draw WebGL or there is none', () => {
    expect(chooseRenderer(null, () => 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060, D3D11)')).toBe('webgl');
    expect(chooseRenderer(null, () => 'Google SwiftShader')).toBe('dom');
    expect(chooseRenderer(null, () => undefined)).toBe('dom');
    // A browser that hides the name is trusted with WebGL, as before this choice existed.
    expect(chooseRenderer(null, () => '')).toBe('webgl');
    // An unknown value in the address is no choice.
    expect(chooseRenderer('canvas', () => 'llvmpipe (LLVM 15.0.6, 256 bits)')).toBe('dom');
  });
});

describe('pageRenderer', () => {
  it('asks for WebGL without a performance caveat, reads the GPU’s name once, and lets the context go', async () => {
    const { gl, lose } = fakeGl('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060, D3D11)');
    const { module, getContext } = await freshModule(() => gl);
    expect(module.pageRenderer()).toBe('webgl');
    expect(module.pageRenderer()).toBe('webgl');
    expect(getContext).toHaveBeenCalledTimes(1);
    expect(getContext).toHaveBeenCalledWith('webgl2', { failIfMajorPerformanceCaveat: true });
    expect(lose).toHaveBeenCalledTimes(1);
  });

  it('draws with the DOM where WebGL is SwiftShader, or comes only with a performance caveat', async () => {
    const swift = fakeGl('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)');
    expect((await freshModule(() => swift.gl)).module.pageRenderer()).toBe('dom');
    expect(swift.lose).toHaveBeenCalledTimes(1);
    expect((await freshModule(() => null)).module.pageRenderer()).toBe('dom');
  });

  it('reads the plain renderer name where the debug extension is hidden', async () => {
    const { gl } = fakeGl('unused', true);
    expect((await freshModule(() => gl)).module.pageRenderer()).toBe('webgl');
  });

  it('follows ?renderer= in the address before any probe', async () => {
    const { module, getContext } = await freshModule(() => null);
    window.history.replaceState(null, '', '/?renderer=webgl');
    expect(module.pageRenderer()).toBe('webgl');
    window.history.replaceState(null, '', '/?renderer=dom');
    expect(module.pageRenderer()).toBe('dom');
    expect(getContext).not.toHaveBeenCalled();
  });
});
