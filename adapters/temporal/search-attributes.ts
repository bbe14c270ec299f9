import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Operators filter runs in the Web UI by these: `workspaceId = "..." AND appId = "..."`. */
export const WORKSPACE_ID = defineSearchAttributeKey('workspaceId', SearchAttributeType.KEYWORD);
export const APP_ID = defineSearchAttributeKey('appId', SearchAttributeType.KEYWORD);
