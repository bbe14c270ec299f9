import type { CliResult } from './result';

/** The lines the CLI prints; a new key is always alone on the last line, so scripts can take `tail -n1`. */
export function formatCliResult(result: CliResult): string[] {
  switch (result.command) {
    case 'keys.create':
      return [
        `Workspace: ${result.workspace}${result.workspaceCreated ? ' (created)' : ''}`,
        `User:      ${result.userId} (${result.role})`,
        `Key id:    ${result.keyId}`,
        'The key is shown once; only its hash is stored:',
        result.key,
      ];
    case 'keys.list':
      return formatTable(
        ['ID', 'PREFIX', 'NAME', 'WORKSPACE', 'ROLE', 'CREATED', 'REVOKED'],
        result.keys.map((k) => [
          k.id,
          k.prefix,
          k.name || '-',
          k.workspace ?? '-',
          k.role ?? '-',
          k.createdAt,
          k.revokedAt ?? '-',
        ]),
      );
    case 'keys.revoke':
      return [`Revoked ${result.revoked} key${result.revoked === 1 ? '' : 's'}.`];
    case 'workspaces.create':
      return [
        `Workspace ${result.workspace} created (id ${result.workspaceId}), owner ${result.ownerId}, ${result.credits} credits.`,
      ];
    case 'credits.grant':
      return [`Granted ${result.amount} credits to ${result.workspace}; balance ${result.balance}.`];
    case 'channels.connect':
      return [
        `Connected ${result.platform} account ${result.externalId}; channel id (use as accountIds in publish):`,
        result.channelId,
      ];
    case 'channels.list':
      return formatTable(
        ['ID', 'PLATFORM', 'ACCOUNT', 'NAME', 'EXPIRES'],
        result.channels.map((c) => [
          c.id,
          c.platform,
          c.externalId,
          c.accountName ?? '-',
          c.expiresAt ?? '-',
        ]),
        'No channels.',
      );
    case 'channels.remove':
      return [result.removed ? 'Channel removed.' : 'No such channel in this workspace.'];
    case 'trends.import':
      return [
        `Imported ${result.imported} trend signal${result.imported === 1 ? '' : 's'} ${result.workspace === null ? 'as global signals' : `into ${result.workspace}`}.`,
      ];
    case 'patterns.import':
      return [
        `Imported ${result.imported} content pattern${result.imported === 1 ? '' : 's'} into ${result.workspace}.`,
      ];
  }
}

function formatTable(header: string[], rows: string[][], empty = 'No keys.'): string[] {
  if (rows.length === 0) return [empty];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}
