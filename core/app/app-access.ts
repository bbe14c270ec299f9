export type Role = 'owner' | 'member';
export type Visibility = 'private' | 'shared' | 'public';
export const VISIBILITIES: Visibility[] = ['private', 'shared', 'public'];

/** Who is asking: resolved from the API key. */
export interface Caller {
  workspaceId: string;
  userId: string;
  role: Role;
  /** The API key the request came with (absent for callers made without a key, such as scripts). */
  keyId?: string;
}

/** The ownership facts of an app that access rules need. Built-in catalog apps have no workspace. */
export interface AppOwnership {
  workspaceId: string | null;
  creatorId: string | null;
  visibility: Visibility;
}

export type AppAccess = 'use' | 'hidden';

/**
 * private: the creator and the workspace's owners; shared: every member of the app's workspace;
 * public: everyone. Every app the caller may not use is hidden (404), a private app of another member
 * of the caller's own workspace too: its existence is the creator's and the owners' to know (api-v1.md).
 */
export function appAccess(app: AppOwnership, caller: Caller): AppAccess {
  if (app.visibility === 'public') return 'use';
  if (app.workspaceId !== caller.workspaceId) return 'hidden';
  if (app.visibility === 'shared') return 'use';
  return app.creatorId === caller.userId || caller.role === 'owner' ? 'use' : 'hidden';
}

/**
 * Only the creator or an owner of the app's own workspace may change an app: its visibility, its
 * definition (a new version) or whether it exists. Built-in apps (no workspace) are read-only to all.
 */
export function canEditApp(app: AppOwnership, caller: Caller): boolean {
  if (app.workspaceId === null || app.workspaceId !== caller.workspaceId) return false;
  return app.creatorId === caller.userId || caller.role === 'owner';
}

export const canChangeVisibility = canEditApp;
