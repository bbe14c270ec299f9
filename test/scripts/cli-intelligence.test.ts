import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrandProfile } from '../../adapters/db/brand';
import { adminSocketPath, claimDataDir, type DataDirClaim } from '../../adapters/db/data-dir-lock';
import { startAdminSocket, type AdminSocket } from '../../api/admin-socket';
import { runCliCommand } from '../../scripts/cli-commands';
import { runCli } from '../support/cli';
import { createTestStack, type TestStack } from '../support/stack';

describe('CLI: trends import and patterns import', () => {
  let stack: TestStack;
  let dir: string;
  const db = () => stack.services.database.db;
  const trends = async (key: string, query = '') =>
    (await stack.http.get(`/v1/intelligence/trends?limit=100${query}`).set('x-api-key', key)).body.data
      .trends;
  const file = async (name: string, content: unknown) => {
    const path = join(dir, name);
    await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
    dir = await mkdtemp(join(tmpdir(), 'atelier-import-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await stack.close();
  });

  test("imports a workspace's signals, normalised, which the trends endpoint then serves", async () => {
    const result = await runCliCommand(db(), {
      command: 'trends.import',
      workspace: 'workspace-a',
      signals: [
        {
          signal: 'quiet luxury',
          category: 'Visual Style',
          platform: 'Instagram',
          growth: '150%',
          confidence: 'high',
        },
        { signal: 'lo-fi unboxing', category: 'format', growth: 'NEW' },
      ],
    });
    expect(result).toEqual({ command: 'trends.import', workspace: 'workspace-a', imported: 2 });
    expect(await trends(stack.users.owner.key)).toEqual([
      {
        signal: 'quiet luxury',
        category: 'visual_style',
        platform: 'instagram',
        growth: '+150%',
        confidence: 'high',
      },
      { signal: 'lo-fi unboxing', category: 'format', platform: 'all', growth: 'new', confidence: 'medium' },
    ]);
    expect(await trends(stack.users.outsider.key)).toEqual([]);
  });

  test('global signals reach every workspace; old observations keep their date', async () => {
    await runCliCommand(db(), {
      command: 'trends.import',
      workspace: null,
      signals: [
        { signal: 'cozy cabin', category: 'topic', platform: 'pinterest', growth: '+40%', confidence: 'low' },
        {
          signal: 'old news',
          category: 'topic',
          platform: 'pinterest',
          growth: '+90%',
          observedAt: new Date(Date.now() - 90 * 86_400_000).toISOString(),
        },
      ],
    });
    expect(await trends(stack.users.outsider.key)).toEqual([
      { signal: 'cozy cabin', category: 'topic', platform: 'pinterest', growth: '+40%', confidence: 'low' },
    ]);
    expect(
      (await trends(stack.users.outsider.key, '&windowDays=120')).map((t: { signal: string }) => t.signal),
    ).toEqual(['old news', 'cozy cabin']);
  });

  test('a bad record refuses the whole file and names the record and field', async () => {
    const run = runCliCommand(db(), {
      command: 'trends.import',
      workspace: 'workspace-a',
      signals: [
        { signal: 'ok', category: 'topic', growth: '+1%' },
        { signal: 'bad', category: 'topic', growth: 'lots' },
      ],
    });
    await expect(run).rejects.toThrow(
      'invalid command: signals.1.growth: growth is a percentage such as "+150%" or "-20%", or "new"',
    );
    await expect(
      runCliCommand(db(), {
        command: 'trends.import',
        workspace: 'nope',
        signals: [{ signal: 'x', category: 'topic', growth: 'new' }],
      }),
    ).rejects.toThrow('no workspace "nope"');
    await expect(
      runCliCommand(db(), { command: 'trends.import', workspace: 'workspace-a', signals: [] }),
    ).rejects.toThrow(/signals/);
  });

  test('imports patterns, which prediction and top patterns then use; a foreign brand profile is refused', async () => {
    const foreign = await createBrandProfile(db(), stack.users.outsider.workspaceId, { name: 'B' });
    const pattern = {
      title: 'Pour series',
      modality: 'video',
      platform: 'Instagram',
      performanceScore: 88,
      winningPatterns: ['latte art pour'],
    };
    await expect(
      runCliCommand(db(), {
        command: 'patterns.import',
        workspace: 'workspace-a',
        patterns: [{ ...pattern, brandProfileId: foreign }],
      }),
    ).rejects.toThrow(`workspace "workspace-a" has no brand profile ${foreign}`);
    await expect(
      runCliCommand(db(), {
        command: 'patterns.import',
        workspace: 'workspace-a',
        patterns: [{ ...pattern, modality: 'hologram' }],
      }),
    ).rejects.toThrow(/patterns\.0\.modality/);
    expect(
      await runCliCommand(db(), {
        command: 'patterns.import',
        workspace: 'workspace-a',
        patterns: [pattern],
      }),
    ).toEqual({ command: 'patterns.import', workspace: 'workspace-a', imported: 1 });
    const top = await stack.http.get('/v1/brand/patterns/top').set('x-api-key', stack.users.owner.key);
    expect(top.body.data).toEqual([
      {
        id: expect.any(String),
        title: 'Pour series',
        modality: 'video',
        platform: 'instagram',
        performanceScore: 88,
        winningPatterns: ['latte art pour'],
      },
    ]);
    const predicted = await stack.http
      .post('/v1/intelligence/predict')
      .set('x-api-key', stack.users.owner.key)
      .send({ concept: 'A slow latte art pour', platform: 'instagram', modality: 'video' });
    expect(predicted.body.data.strengths).toContain(
      'brand_patterns: matches your winning pattern "latte art pour" (scored 88/100)',
    );
  });

  test('the CLI reads a JSON file; a bad file or missing flags are reported', async () => {
    const env = { DATABASE_URL: stack.config.DATABASE_URL };
    const ok = await runCli(
      [
        'patterns',
        'import',
        '--workspace',
        'workspace-b',
        await file('patterns.json', [
          { performanceScore: 0.7, modality: 'image', winningPatterns: ['flat lay'] },
        ]),
      ],
      env,
    );
    expect(ok).toEqual({ code: 0, stdout: 'Imported 1 content pattern into workspace-b.\n', stderr: '' });
    const bad = await runCli(
      ['trends', 'import', '--workspace', 'workspace-a', await file('bad.json', '[{"signal": ')],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: .*bad\.json is not valid JSON/);
    const both = await runCli(
      ['trends', 'import', '--workspace', 'workspace-a', '--global', await file('t.json', [])],
      env,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('trends import needs --workspace NAME or --global, and a FILE.json');
  });

  describe('while the service holds the data folder', () => {
    let dataDir: string;
    let claim: DataDirClaim;
    let socket: AdminSocket;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'atelier-held-'));
      claim = claimDataDir(dataDir, { apiUrl: 'http://127.0.0.1:9' });
      socket = await startAdminSocket({
        socketPath: adminSocketPath(dataDir),
        handle: (command) => runCliCommand(db(), command),
      });
    });
    afterAll(async () => {
      await socket.close();
      claim.release();
      await rm(dataDir, { recursive: true, force: true });
    });

    test('a file larger than one admin-socket line goes in batches and is counted once', async () => {
      const signals = Array.from({ length: 600 }, (_, i) => ({
        signal: `bulk signal number ${i} with a long enough name to fill the line`,
        category: 'topic',
        platform: 'tiktok',
        growth: `+${i}%`,
        confidence: 'low',
      }));
      expect(JSON.stringify(signals).length).toBeGreaterThan(64 * 1024);
      const run = await runCli(
        ['trends', 'import', '--workspace', 'workspace-b', await file('bulk.json', signals)],
        { DATABASE_URL: undefined, ATELIER_DATA_DIR: dataDir },
      );
      expect(run).toEqual({ code: 0, stdout: 'Imported 600 trend signals into workspace-b.\n', stderr: '' });
      const { n } = await db()
        .selectFrom('trend_signals')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('platform', '=', 'tiktok')
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(600);
    });
  });
});
