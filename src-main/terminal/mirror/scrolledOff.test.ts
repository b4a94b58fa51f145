import { describe, expect, it } from 'vitest';
import { scanChunk, skipPoint } from './scrolledOff';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('scanChunk', () => {
  it('counts line feeds up to the first byte that is not plain', () => {
    expect(scanChunk(bytes('a\tb\r\nc\r\n'))).toEqual({ plainEnd: 8, lines: 2 });
    expect(scanChunk(bytes('a\r\n\x1b[31mb\r\n'))).toEqual({ plainEnd: 3, lines: 1 });
    for (const control of ['\b', '\x07', '\x0b', '\x0c', '\x0e', '\x7f', '\u009b', '\u0085'])
      expect(scanChunk(bytes(`ok\n${control}\n`)).plainEnd, JSON.stringify(control)).toBe(3);
  });

  it('takes other UTF-8 as plain, but not a lead byte whose character the chunk cuts', () => {
    const text = bytes('é\u00a0漢🙂\n');
    expect(scanChunk(text)).toEqual({ plainEnd: text.length, lines: 1 });
    expect(scanChunk(new Uint8Array([0x41, 0xc2])).plainEnd).toBe(1);
  });
});

describe('skipPoint', () => {
  const scanned = (pieces: string[]) => {
    const chunks = pieces.map(bytes);
    return [chunks, chunks.map(scanChunk)] as const;
  };

  it('starts at the latest CR followed by enough line feeds in the plain run', () => {
    const [chunks, scans] = scanned(['a\r\nb\r\n', 'c\r\nd\r\n', 'e\r\n']);
    expect(skipPoint(chunks, scans, 2)).toEqual({ chunk: 1, offset: 4 });
    expect(skipPoint(chunks, scans, 5)).toEqual({ chunk: 0, offset: 1 });
    expect(skipPoint(chunks, scans, 6)).toBeUndefined();
  });

  it('counts no line feed after the plain run ends, and needs a CR', () => {
    const [chunks, scans] = scanned(['a\r\nb\r\n', 'c\r\n\x1b[1md\r\ne\r\n']);
    expect(skipPoint(chunks, scans, 4)).toBeUndefined();
    expect(skipPoint(chunks, scans, 3)).toEqual({ chunk: 0, offset: 1 });
    expect(skipPoint(chunks, scans, 2)).toEqual({ chunk: 0, offset: 4 });
    const [lfOnly, lfScans] = scanned(['a\nb\nc\nd\n']);
    expect(skipPoint(lfOnly, lfScans, 1)).toBeUndefined();
  });
});
