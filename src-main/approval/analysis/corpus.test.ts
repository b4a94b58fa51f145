import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { loadCorpus } from './corpusLoader';

beforeAll(() => initShellParser());

describe('corpus', () => {
  const corpus = loadCorpus();
  const risky = corpus.filter((e) => e.label !== 'safe');
  const safe = corpus.filter((e) => e.label === 'safe');

  it('has the size the issue asks for', () => {
    expect(risky.length).toBeGreaterThanOrEqual(300);
    expect(risky.filter((e) => e.tag === 'dressed').length).toBeGreaterThanOrEqual(100);
    expect(safe.length).toBeGreaterThanOrEqual(300);
    expect(safe.filter((e) => e.tag === 'mention').length).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.map((e) => e.cmd)).size).toBe(corpus.length);
  });

  it('meets recall ≥ 0.97 and false positives ≤ 3%', () => {
    const missed = risky.filter((e) => analyseCommand(e.cmd).verdict === 'safe');
    const falseAlarms = safe.filter((e) => analyseCommand(e.cmd).verdict !== 'safe');
    const hardline = risky.filter((e) => e.label === 'hardline');
    const hardlineMissed = hardline.filter((e) => analyseCommand(e.cmd).verdict !== 'hardline');
    const overBlocked = risky.filter(
      (e) => e.label === 'dangerous' && analyseCommand(e.cmd).verdict === 'hardline',
    );
    const recall = 1 - missed.length / risky.length;
    const fpr = falseAlarms.length / safe.length;
    const dressed = risky.filter((e) => e.tag === 'dressed');
    const dressedRecall = 1 - dressed.filter((e) => missed.includes(e)).length / dressed.length;
    const mention = safe.filter((e) => e.tag === 'mention');
    const mentionFpr = mention.filter((e) => falseAlarms.includes(e)).length / mention.length;
    console.log(
      [
        `approval corpus: ${risky.length} dangerous (${dressed.length} dressed, ${hardline.length} hardline), ${safe.length} safe (${mention.length} mention-only)`,
        `recall ${recall.toFixed(4)} (dressed ${dressedRecall.toFixed(4)}), false positives ${(fpr * 100).toFixed(2)}% (mention-only ${(mentionFpr * 100).toFixed(2)}%)`,
        `hardline recall ${(1 - hardlineMissed.length / hardline.length).toFixed(4)}, dangerous judged hardline: ${overBlocked.length}`,
        ...missed.map((e) => `  missed: ${e.cmd}`),
        ...falseAlarms.map((e) => `  false alarm: ${e.cmd}`),
        ...hardlineMissed.map((e) => `  not hardline: ${e.cmd}`),
      ].join('\n'),
    );
    expect(recall).toBeGreaterThanOrEqual(0.97);
    expect(fpr).toBeLessThanOrEqual(0.03);
  });
});
