import { describe, expect, it } from 'vitest';
import { sqlTextHits } from './sql';

function keys(sql: string): string[] {
  const found: string[] = [];
  sqlTextHits(sql, { hit: (key) => found.push(key) });
  return found;
}

describe('SQL text: literals and comments are not code', () => {
  it('finds statements outside them', () => {
    expect(keys('DROP TABLE x')).toEqual(['sql-drop']);
    expect(keys("SELECT 'a'; DROP TABLE x")).toEqual(['sql-drop']);
    expect(keys('DELETE FROM t /* WHERE id = 1 */')).toEqual(['sql-delete-all']);
    expect(keys('DELETE FROM t -- WHERE id = 1')).toEqual(['sql-delete-all']);
    expect(keys('/* note */ DROP TABLE x')).toEqual(['sql-drop']);
    expect(keys('SELECT 1 -- note\nDROP TABLE x')).toEqual(['sql-drop']);
    expect(keys(`DROP${' '.repeat(100_000)}TABLE x`)).toEqual(['sql-drop']);
  });

  it('ignores what they hold, to their end or the end of the text', () => {
    expect(keys("SELECT 'drop table x'")).toEqual([]);
    expect(keys('SELECT "drop table x"')).toEqual([]);
    expect(keys('SELECT 1 /* drop table x */')).toEqual([]);
    expect(keys('SELECT 1 -- drop table x')).toEqual([]);
    expect(keys("SELECT 'unterminated drop table x")).toEqual([]);
    expect(keys('SELECT 1 /* unterminated drop table x')).toEqual([]);
    expect(keys('DELETE FROM t -- note\nWHERE id = 1')).toEqual([]);
  });
});
