/**
 * One-liner code that empties a file it names: `open('app/main.py', 'w').close()`,
 * `fs.writeFileSync('src/a.ts', '')`, `File.write('lib/x.rb', '')`, `os.truncate('f', 0)`. The
 * file keeps its name and loses its content, as with `> f` (emptiedFiles.ts judges the path).
 */
import type { CodeLanguage } from './codePatterns';

const Q = `(['"])([^'"\\n]{1,300})\\1`;
const EMPTY = `(?:''|""|b''|b"")`;

/** Per language: calls that leave the quoted path (group 2) empty. */
const EMPTIES: Partial<Record<CodeLanguage, RegExp[]>> = {
  python: [
    new RegExp(
      `\\bopen\\s*\\(\\s*${Q}\\s*,\\s*(['"])w[bt+]?\\3\\s*\\)\\s*(?:\\.close\\s*\\(\\s*\\)|:\\s*pass\\b)`,
    ),
    new RegExp(`\\bPath\\s*\\(\\s*${Q}\\s*\\)\\s*\\.write_(?:text|bytes)\\s*\\(\\s*${EMPTY}\\s*\\)`),
    new RegExp(`\\bos\\.truncate\\s*\\(\\s*${Q}\\s*,\\s*0\\s*\\)`),
  ],
  node: [
    new RegExp(`\\bwriteFile(?:Sync)?\\s*\\(\\s*${Q}\\s*,\\s*(?:''|""|\`\`)\\s*[,)]`),
    new RegExp(`\\btruncate(?:Sync)?\\s*\\(\\s*${Q}\\s*(?:,\\s*0\\s*)?[,)]`),
  ],
  ruby: [
    new RegExp(`\\bFile\\.(?:write|binwrite)\\s*\\(?\\s*${Q}\\s*,\\s*${EMPTY}\\s*\\)?`),
    new RegExp(`\\bFile\\.truncate\\s*\\(?\\s*${Q}\\s*,\\s*0\\b`),
    new RegExp(
      `\\bFile\\.open\\s*\\(?\\s*${Q}\\s*,\\s*(['"])w\\3\\s*\\)?\\s*(?:\\{\\s*\\}|\\{\\s*\\|\\w+\\|\\s*\\}|;\\s*$)`,
    ),
  ],
  php: [new RegExp(`\\bfile_put_contents\\s*\\(\\s*${Q}\\s*,\\s*${EMPTY}\\s*\\)`)],
  perl: [new RegExp(`\\btruncate\\s*\\(?\\s*${Q}\\s*,\\s*0\\b`)],
};

/** The path the code empties, as written, or null. */
export function codeEmptiedFile(language: CodeLanguage, code: string): string | null {
  for (const re of EMPTIES[language] ?? []) {
    const m = re.exec(code);
    if (m?.[2]) return m[2];
  }
  return null;
}
