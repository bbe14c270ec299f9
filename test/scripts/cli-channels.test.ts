import { randomBytes } from 'node:crypto';
import { createTestStack, type TestStack } from '../support/stack';
import { lastLine, runCli } from '../support/cli';
import { runCliCommand } from '../../scripts/cli-commands';
import { createTokenCipher } from '../../adapters/channels/token-cipher';

describe('CLI: channels and credits', () => {
  let stack: TestStack;
  const tokenKey = randomBytes(32).toString('base64');
  beforeAll(async () => {
    stack = await createTestStack({ workers: false, config: { CHANNEL_TOKEN_KEY: tokenKey } });
  });
  afterAll(() => stack.close());

  test('connects an account with a sealed token that the API lists and can open', async () => {
    const run = await runCli(
      [
        'channels',
        'connect',
        '--workspace',
        'workspace-a',
        '--platform',
        'facebook',
        '--account-id',
        'page-123',
        '--token',
        'EAAB-secret',
        '--name',
        'Acme Page',
      ],
      { DATABASE_URL: stack.config.DATABASE_URL, CHANNEL_TOKEN_KEY: tokenKey },
    );
    expect(run.code).toBe(0);
    const channelId = lastLine(run.stdout);
    const listed = await stack.http.get('/v1/publishing/channels').set('x-api-key', stack.users.owner.key);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: channelId,
        platform: 'facebook',
        accountName: 'Acme Page',
        accountType: 'page',
        hasInstagram: false,
      }),
    ]);
    const row = await stack.services.database.db
      .selectFrom('channels')
      .select('access_token_enc')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(row.access_token_enc).not.toContain('EAAB-secret');
    expect(createTokenCipher(Buffer.from(tokenKey, 'base64')).open(row.access_token_enc)).toBe('EAAB-secret');
  });

  test('refuses an unknown platform with the usage text', async () => {
    const run = await runCli(
      [
        'channels',
        'connect',
        '--workspace',
        'workspace-a',
        '--platform',
        'myspace',
        '--account-id',
        '1',
        '--token',
        't',
      ],
      {
        DATABASE_URL: stack.config.DATABASE_URL,
        CHANNEL_TOKEN_KEY: tokenKey,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--platform is one of facebook, instagram, linkedin, x');
  });

  test('lists and removes channels, and grants credits, through the command functions', async () => {
    const db = stack.services.database.db;
    const listed = await runCliCommand(db, { command: 'channels.list', workspace: 'workspace-a' });
    expect(listed).toMatchObject({
      command: 'channels.list',
      channels: [{ platform: 'facebook', externalId: 'page-123' }],
    });
    const channelId = (listed as { channels: { id: string }[] }).channels[0].id;
    expect(
      await runCliCommand(db, { command: 'channels.remove', workspace: 'workspace-b', channelId }),
    ).toEqual({ command: 'channels.remove', removed: false });
    expect(
      await runCliCommand(db, { command: 'channels.remove', workspace: 'workspace-a', channelId }),
    ).toEqual({ command: 'channels.remove', removed: true });
    expect(
      await runCliCommand(db, { command: 'credits.grant', workspace: 'workspace-a', amount: 250 }),
    ).toEqual({ command: 'credits.grant', workspace: 'workspace-a', amount: 250, balance: 1250 });
    await expect(
      runCliCommand(db, { command: 'credits.grant', workspace: 'nope', amount: 5 }),
    ).rejects.toThrow('no workspace "nope"');
    await expect(
      runCliCommand(db, {
        command: 'channels.connect',
        workspace: 'workspace-a',
        platform: 'x',
        externalId: '1',
        sealedToken: 'plain-token',
      }),
    ).rejects.toThrow(/invalid command/);
  });
});
