import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { installedModel, LLM_DIR } from '../../scripts/real-llm/server';

const ROOT = join(__dirname, '..', '..');
const CHECK_TIMEOUT_MS = 15 * 60_000;

// The real server takes a long source build (scripts/real-llm/setup.sh, `npm run check:real-llm` runs it);
// the suite never starts that build itself: without it this is skipped, saying so.
const model = installedModel();
const withServer = model ? describe : describe.skip;
if (!model)
  console.warn(
    `Skipping the real chat-model check: ${LLM_DIR} has no llama-cpp-python server and model (run \`npm run check:real-llm\` once to install them).`,
  );

withServer('npm run check:real-llm (llama_cpp.server with gemma-3 270M, TEXT_PROVIDER=openai)', () => {
  let result: { code: number; stdout: string; stderr: string };
  beforeAll(async () => {
    result = await new Promise((resolve) => {
      execFile(
        'npx',
        ['tsx', 'scripts/check-real-llm.ts'],
        { cwd: ROOT, timeout: CHECK_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  }, CHECK_TIMEOUT_MS + 10_000);

  test('every path used a validated model answer or fell back to the rules with a warning', () => {
    expect({ code: result.code, fails: result.stdout.split('\n').filter((l) => l.includes('FAIL')) }).toEqual(
      {
        code: 0,
        fails: [],
      },
    );
    expect(result.stdout).toMatch(/real-llm: OK/);
  });

  test('it ran the three paths against the real server and said what became of each answer', () => {
    expect(result.stdout).toMatch(/llama_cpp\.server on http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(result.stdout).toMatch(/^\(a\) the router/m);
    expect(result.stdout).toMatch(/^\(b\) the refinement reader/m);
    expect(result.stdout).toMatch(/^\(c\) text\.generate's model \(openai:gemma3-270m\)/m);
    // Each brief and each feedback ends in the model's validated choice or the rules with a warning.
    const verdicts = result.stdout.split('\n').filter((l) => l.startsWith('    verdict: '));
    expect(verdicts).toHaveLength(4 + 3);
    for (const line of verdicts)
      expect(line).toMatch(
        /^ {4}verdict: (the model answer, validated, was used|fallback to the rules; warning: .+|the rules \(the model was not asked: nothing to offer\))$/,
      );
    expect(result.stdout).toMatch(/^ {4}model answered \(.*\): \S/m);
  });
});
