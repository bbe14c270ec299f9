export interface KeyListing {
  id: string;
  prefix: string;
  name: string;
  workspace: string | null;
  role: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** Results are plain JSON so they cross the admin socket unchanged. */
export type CliResult =
  | {
      command: 'keys.create';
      workspace: string;
      workspaceCreated: boolean;
      role: string;
      userId: string;
      keyId: string;
      key: string;
    }
  | { command: 'keys.list'; keys: KeyListing[] }
  | { command: 'keys.revoke'; revoked: number }
  | { command: 'credits.grant'; workspace: string; amount: number; balance: number }
  | { command: 'channels.connect'; channelId: string; platform: string; externalId: string }
  | {
      command: 'channels.list';
      channels: {
        id: string;
        platform: string;
        externalId: string;
        accountName: string | null;
        expiresAt: string | null;
      }[];
    }
  | { command: 'channels.remove'; removed: boolean }
  | { command: 'trends.import' | 'patterns.import'; workspace: string | null; imported: number }
  | {
      command: 'workspaces.create';
      workspace: string;
      workspaceId: string;
      ownerId: string;
      credits: number;
    };
