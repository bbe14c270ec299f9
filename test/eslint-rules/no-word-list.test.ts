import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Lints a source text with the rule alone (no type information, so no file on disk is needed), in a
 * child process: the rule is an ES module, which jest's module system cannot import.
 */
const LINT = `
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import rule from './eslint-rules/no-word-list.mjs';
const { source } = JSON.parse(await new Promise((done) => { let t = ''; process.stdin.on('data', (c) => (t += c)); process.stdin.on('end', () => done(t)); }));
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { atelier: { rules: { 'no-word-list': rule } } }, rules: { 'atelier/no-word-list': 'error' } }],
});
const [report] = await eslint.lintText(source, { filePath: 'example.ts' });
process.stdout.write(JSON.stringify(report.messages.map((m) => m.message)));
`;

/** The rule's messages for a source text. */
function wordListProblems(source: string): string[] {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', LINT], {
    cwd: ROOT,
    input: JSON.stringify({ source }),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as string[];
}

describe('atelier/no-word-list', () => {
  it('finds the shapes of a word list in code', () => {
    expect(wordListProblems(`export const a = ['no', 'not', 'without'];\n`)).toHaveLength(1);
    expect(wordListProblems(`export const r = /\\b(no|not|without)\\b/;\n`)).toHaveLength(1);
    expect(
      wordListProblems(
        `export const m = { pic: 'photo', foto: 'photo', img: 'image', vid: 'video', clip: 'video' };\n`,
      ),
    ).toHaveLength(1);
  });

  it('finds a string of words that code splits into a list, or passes on as one', () => {
    expect(wordListProblems(`export const s = new Set('design craft paint'.split(' '));\n`)).toHaveLength(1);
    expect(
      wordListProblems(
        `f('video videos clip clips reel reels', 2);\ndeclare function f(a: string, b: number): void;\n`,
      ),
    ).toHaveLength(1);
  });

  it('leaves messages and typed values alone', () => {
    expect(wordListProblems(`export const why = 'no local model makes music or sound effects';\n`)).toEqual(
      [],
    );
    expect(wordListProblems(`export const roles = ['copy', 'style', 'topic'] as const;\n`)).toEqual([]);
  });
});
