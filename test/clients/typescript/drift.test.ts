import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..');

describe('clients/typescript generated files', () => {
  test('match a fresh generation from the OpenAPI document (npm run client:generate)', async () => {
    // Generated into memory and compared: the check fails, naming the files, when the document changed.
    const check = promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/generate-client.ts', '--check'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    await expect(check).resolves.toMatchObject({ stderr: '' });
  });
});
