import {
  AppBody,
  AppUpdateBody,
  AppWriteQuery,
  EstimateBody,
  VersionQuery,
  VersionsQuery,
  ListQuery as AppsQuery,
  VisibilityBody,
} from '../apps/schema';
import { DiscoverBody } from '../discover/schema';
import {
  AppCheck,
  AppDefinitionView,
  AppDeleted,
  AppDetail,
  AppSummary,
  AppWorkflow,
  AppWritten,
  Estimate,
  NodeTypeInfo,
  VisibilityChange,
} from '../../core/responses/apps';
import { AppVersion, AppVersionSummary } from '../../core/responses/app-versions';
import { DiscoveryResult } from '../../core/responses/discovery';
import { data, list, page } from './responses';
import type { Operation } from './operation';

export const APP_OPERATIONS: Record<string, Operation> = {
  'GET /v1/apps': {
    id: 'listApps',
    tag: 'Apps',
    summary: 'Search apps: own workspace, shared and public apps',
    query: AppsQuery,
    responses: { 200: list(AppSummary, 'Apps the caller may use') },
  },
  'GET /v1/apps/{appId}': {
    id: 'getApp',
    tag: 'Apps',
    summary: 'App details and input contract',
    description: 'Key inputs by parameter `key` (preferred) or `name`; never guess names or option values.',
    responses: { 200: data(AppDetail, 'The app') },
  },
  'POST /v1/apps': {
    id: 'createApp',
    tag: 'Apps',
    summary: 'Create a private app from a graph, parameters and frontmatter (validateOnly: check only)',
    query: AppWriteQuery,
    body: AppBody,
    responses: {
      201: data(AppDefinitionView, 'The app, stored'),
      200: data(AppCheck, 'validateOnly: the app would be stored as it is; nothing was'),
    },
  },
  'PUT /v1/apps/{appId}': {
    id: 'updateApp',
    tag: 'Apps',
    summary: 'Write a new version of an own app (validateOnly: check only)',
    query: AppWriteQuery,
    body: AppUpdateBody,
    responses: { 200: data(AppWritten, 'The new version (or, with validateOnly, the check)') },
  },
  'DELETE /v1/apps/{appId}': {
    id: 'deleteApp',
    tag: 'Apps',
    summary: 'Delete an own app; its runs and assets stay readable',
    responses: { 200: data(AppDeleted, 'The app is deleted') },
  },
  'GET /v1/apps/{appId}/definition': {
    id: 'getAppDefinition',
    tag: 'Apps',
    summary: 'An app as written: parameters, frontmatter, graph with node configs; version, editable',
    responses: { 200: data(AppDefinitionView, 'The app as written') },
  },
  'GET /v1/apps/{appId}/versions': {
    id: 'listAppVersions',
    tag: 'Apps',
    summary: 'Version history of an app, newest first: who wrote each version and what changed',
    query: VersionsQuery,
    responses: { 200: page(AppVersionSummary, 'The stored versions') },
  },
  'GET /v1/apps/{appId}/versions/{version}': {
    id: 'getAppVersion',
    tag: 'Apps',
    summary: 'An app as written at one version, with what changed from the one before (or compareTo)',
    query: VersionQuery,
    responses: { 200: data(AppVersion, 'The version') },
  },
  'POST /v1/apps/{appId}/versions/{version}/restore': {
    id: 'restoreAppVersion',
    tag: 'Apps',
    summary: 'Write an earlier version of an own app again, as a new version',
    responses: { 200: data(AppDefinitionView, 'The app at its new version') },
  },
  'GET /v1/node-types': {
    id: 'listNodeTypes',
    tag: 'Apps',
    summary: 'Node types: config JSON Schema, what each produces, parent limits, credits',
    responses: { 200: list(NodeTypeInfo, 'The node types') },
  },
  'GET /v1/apps/{appId}/workflow': {
    id: 'getAppWorkflow',
    tag: 'Apps',
    summary: 'Workflow graph of an app',
    responses: { 200: data(AppWorkflow, 'Nodes and edges') },
  },
  'POST /v1/apps/{appId}/visibility': {
    id: 'setAppVisibility',
    tag: 'Apps',
    summary: "Change an app's visibility",
    body: VisibilityBody,
    bodyExample: { visibility: 'shared' },
    responses: { 200: data(VisibilityChange, 'The new visibility') },
  },
  'POST /v1/apps/{appId}/estimate': {
    id: 'estimateRun',
    tag: 'Apps',
    summary: 'Estimate the credits of a run',
    body: EstimateBody,
    responses: { 200: data(Estimate, 'Expected, minimum and worst-case credits against the balance') },
  },
  'POST /v1/apps/discover': {
    id: 'discoverApps',
    tag: 'Apps',
    summary: 'Rank apps for an intent, with reasons',
    body: DiscoverBody,
    bodyExample: { intent: 'a studio photo of our new teal bottle for Instagram', limit: 3 },
    responses: { 200: data(DiscoveryResult, 'Ranked matches and the verdict') },
  },
};
