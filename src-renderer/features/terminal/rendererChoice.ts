/**
 * Which of xterm's renderers draws the terminals. WebGL is the fast one on a GPU. Where WebGL is
 * drawn by the CPU (SwiftShader, llvmpipe: a VM, a remote desktop, a browser told not to use the
 * GPU) each WebGL frame is rasterised in software, which costs more than the DOM renderer and
 * takes that CPU from the command the terminal shows.
 */
export type TerminalRenderer = 'webgl' | 'dom';

/** GL renderer names of rasterisers that run on the CPU. */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render driver/i;

export function isSoftwareGl(renderer: string): boolean {
  return SOFTWARE_GL.test(renderer);
}

/**
 * What the page's WebGL runs on: the GL renderer's name; '' where the name is hidden (the page
 * is then trusted with WebGL); undefined where the browser would give WebGL only with a major
 * performance caveat, or none at all.
 */
export type GlProbe = () => string | undefined;

/**
 * `requested` is the page address's `renderer` parameter: `dom` (screen readers, e2e tests) or
 * `webgl` chooses outright; otherwise WebGL where the GPU draws it, and the DOM renderer where
 * the CPU would.
 */
export function chooseRenderer(requested: string | null, probe: GlProbe): TerminalRenderer {
  if (requested === 'dom' || requested === 'webgl') return requested;
  const renderer = probe();
  return renderer === undefined || isSoftwareGl(renderer) ? 'dom' : 'webgl';
}

let probed: { renderer: string | undefined } | undefined;

/** Asks the browser once per page, with a context of its own that is released at once. */
const pageGlProbe: GlProbe = () => {
  probed ??= { renderer: probeGl() };
  return probed.renderer;
};

function probeGl(): string | undefined {
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2', { failIfMajorPerformanceCaveat: true });
  if (!gl) return undefined;
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name: unknown = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    return typeof name === 'string' ? name : '';
  } finally {
    // Browsers allow a page a handful of live WebGL contexts; this one has done its work.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/** The renderer this page's terminals draw with. */
export function pageRenderer(): TerminalRenderer {
  return chooseRenderer(new URLSearchParams(location.search).get('renderer'), pageGlProbe);
}
