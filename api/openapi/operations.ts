import type { z } from 'zod';
import { EstimateBody, ListQuery as AppsQuery, VisibilityBody } from '../apps/schema';
import { AssetsQuery } from '../assets/schema';
import { KitElementBody, KitQuery, NewBrandObjective, PARTS, PatternsQuery } from '../brand/schema';
import { ComposeBody } from '../compose/schema';
import { BriefBody, CreateContentBody } from '../content/schema';
import { DiscoverBody } from '../discover/schema';
import { GenerateImageBody } from '../generate/schema';
import { PredictBody, RecommendationsQuery, TrendsQuery } from '../intelligence/schema';
import { HistoryQuery, PublishBody, TransferBody } from '../publishing/schema';
import {
  ApprovalBody,
  FeedbackBody,
  FeedbackQuery,
  ListQuery as RunsQuery,
  RunBody,
  WaitQuery,
} from '../runs/schema';
import { ListQuery as TemplatesQuery } from '../templates/schema';
import { DeliveriesQuery, VerifyBody } from '../webhooks/schema';
import { GenerateBody } from '../workflows/schema';

export interface Operation {
  tag: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status; 200 when omitted. */
  status?: 200 | 201 | 202;
  /** A Server-Sent Events stream rather than JSON. */
  stream?: boolean;
}

/**
 * What the routers cannot say about themselves: a summary and the zod schemas each route parses with.
 * The OpenAPI document refuses a route missing here, and a test builds it from the real routers.
 */
export const OPERATIONS: Record<string, Operation> = {
  'GET /v1/apps': {
    tag: 'Apps',
    summary: 'Search apps: own workspace, shared and public apps',
    query: AppsQuery,
  },
  'GET /v1/apps/{appId}': { tag: 'Apps', summary: 'App details and input contract' },
  'GET /v1/apps/{appId}/workflow': { tag: 'Apps', summary: 'Workflow graph of an app' },
  'POST /v1/apps/{appId}/visibility': {
    tag: 'Apps',
    summary: "Change an app's visibility",
    body: VisibilityBody,
  },
  'POST /v1/apps/{appId}/estimate': {
    tag: 'Apps',
    summary: 'Estimate the credits of a run',
    body: EstimateBody,
  },
  'POST /v1/apps/{appId}/runs': {
    tag: 'Runs',
    summary: 'Start a run (or a sandbox stub)',
    body: RunBody,
    status: 202,
  },
  'POST /v1/apps/discover': {
    tag: 'Apps',
    summary: 'Rank apps for an intent, with reasons',
    body: DiscoverBody,
  },
  'GET /v1/runs': { tag: 'Runs', summary: 'Run summaries, newest first', query: RunsQuery },
  'GET /v1/runs/{runId}': { tag: 'Runs', summary: 'Run status and outputs' },
  'GET /v1/runs/{runId}/wait': {
    tag: 'Runs',
    summary: 'Block until the run ends or the timeout passes',
    query: WaitQuery,
  },
  'GET /v1/runs/{runId}/stream': {
    tag: 'Runs',
    summary: 'Server-Sent Events: progress, complete, error, timeout, ping',
    stream: true,
  },
  'POST /v1/runs/{runId}/cancel': { tag: 'Runs', summary: 'Cancel a queued or running run (idempotent)' },
  'POST /v1/runs/{runId}/approvals/{nodeId}': {
    tag: 'Runs',
    summary: 'Approve or reject a waiting human.approval node',
    body: ApprovalBody,
  },
  'POST /v1/runs/{runId}/feedback': {
    tag: 'Runs',
    summary: 'Refine a completed run in place',
    body: FeedbackBody,
    query: FeedbackQuery,
  },
  'POST /v1/workflows/generate': {
    tag: 'Compound',
    summary: 'Compose a new private app from an instruction',
    body: GenerateBody,
    status: 201,
  },
  'POST /v1/generate/image': {
    tag: 'Compound',
    summary: 'A one-image run',
    body: GenerateImageBody,
    status: 202,
  },
  'POST /v1/content/create': {
    tag: 'Compound',
    summary: 'Pick an app, fill its inputs from a brief, start the run',
    body: CreateContentBody,
    status: 202,
  },
  'POST /v1/content/brief': { tag: 'Intelligence', summary: 'Content briefs from a goal', body: BriefBody },
  'GET /v1/webhooks/signing-key': { tag: 'Webhooks', summary: 'The Ed25519 signing key as JWKS' },
  'POST /v1/webhooks/verify': { tag: 'Webhooks', summary: "Verify a delivery's signature", body: VerifyBody },
  'GET /v1/webhooks/deliveries': {
    tag: 'Webhooks',
    summary: 'Every delivery attempt of a run',
    query: DeliveriesQuery,
  },
  'GET /v1/assets': {
    tag: 'Assets',
    summary: 'Completed outputs of completed runs, newest first',
    query: AssetsQuery,
  },
  'GET /v1/account/usage': { tag: 'Account', summary: 'Credit balance and rate limit' },
  'POST /v1/publishing/transfer-asset': {
    tag: 'Publishing',
    summary: 'Copy media from a URL to the CDN',
    body: TransferBody,
  },
  'GET /v1/publishing/channels': { tag: 'Publishing', summary: 'Connected, unexpired channels' },
  'POST /v1/publishing/publish': {
    tag: 'Publishing',
    summary: 'Publish to one or more channels',
    body: PublishBody,
  },
  'GET /v1/publishing/history': {
    tag: 'Publishing',
    summary: 'Past publishes, newest first',
    query: HistoryQuery,
  },
  'GET /v1/compose/formats': { tag: 'Compound', summary: 'Renderable video formats and fixed capabilities' },
  'POST /v1/compose/video': {
    tag: 'Compound',
    summary: 'A narrated video from a script or an earlier run',
    body: ComposeBody,
    status: 202,
  },
  'GET /v1/templates': {
    tag: 'Templates',
    summary: 'Built-in and workspace templates',
    query: TemplatesQuery,
  },
  'GET /v1/templates/{id}': { tag: 'Templates', summary: 'A template with its guidance' },
  'GET /v1/brand/dna': { tag: 'Brand', summary: 'Brand DNA of a profile' },
  'PUT /v1/brand/dna': { tag: 'Brand', summary: 'Set the brand DNA', body: PARTS.dna },
  'GET /v1/brand/identity': { tag: 'Brand', summary: 'Brand identity of a profile' },
  'PUT /v1/brand/identity': { tag: 'Brand', summary: 'Set the brand identity', body: PARTS.identity },
  'GET /v1/brand/strategy': { tag: 'Brand', summary: 'Brand strategy of a profile' },
  'PUT /v1/brand/strategy': { tag: 'Brand', summary: 'Set the brand strategy', body: PARTS.strategy },
  'GET /v1/brand/guidance': { tag: 'Brand', summary: 'Guidance package of a profile' },
  'PUT /v1/brand/guidance': { tag: 'Brand', summary: 'Set the guidance package', body: PARTS.guidance },
  'GET /v1/brand/objectives': { tag: 'Brand', summary: 'Brand objectives' },
  'POST /v1/brand/objectives': {
    tag: 'Brand',
    summary: 'Add a brand objective',
    body: NewBrandObjective,
    status: 201,
  },
  'GET /v1/brand/patterns/top': { tag: 'Brand', summary: 'Top performing patterns', query: PatternsQuery },
  'GET /v1/brand/kit': { tag: 'Brand', summary: 'Brand kit elements', query: KitQuery },
  'POST /v1/brand/kit': {
    tag: 'Brand',
    summary: 'Add a brand kit element (a new version of one with the same name)',
    body: KitElementBody,
    status: 201,
  },
  'GET /v1/intelligence/trends': {
    tag: 'Intelligence',
    summary: 'Aggregated trend signals',
    query: TrendsQuery,
  },
  'POST /v1/intelligence/predict': {
    tag: 'Intelligence',
    summary: 'Predict the performance of a concept',
    body: PredictBody,
  },
  'GET /v1/intelligence/recommendations': {
    tag: 'Intelligence',
    summary: 'Open content recommendations',
    query: RecommendationsQuery,
  },
  'GET /v1/openapi.json': { tag: 'Meta', summary: 'This document' },
};
