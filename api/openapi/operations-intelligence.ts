import type { z } from 'zod';
import {
  BrandContextQuery,
  KitElementBody,
  KitQuery,
  NewBrandObjective,
  PARTS,
  PatternsQuery,
  ProfileQuery,
} from '../brand/schema';
import { BriefBody } from '../content/schema';
import { PredictBody, RecommendationsQuery, TrendsQuery } from '../intelligence/schema';
import {
  BrandDnaResponse,
  BrandContextView,
  BrandIdentityResponse,
  BrandObjective,
  BrandStrategyResponse,
  GuidanceResponse,
  KitElement,
  TopPattern,
} from '../../core/responses/brand';
import { Briefs } from '../../core/responses/content';
import { Prediction, Recommendation, TrendResult } from '../../core/responses/intelligence';
import { bare, data, list } from './responses';
import type { Operation } from './operation';

/** GET and PUT of one brand record: `{data, brandProfileId}`. */
function brandPart(
  name: 'dna' | 'identity' | 'strategy' | 'guidance',
  title: string,
  response: z.ZodType,
  operationName: string,
): Record<string, Operation> {
  return {
    [`GET /v1/brand/${name}`]: {
      id: `get${operationName}`,
      tag: 'Intelligence',
      summary: `${title} of a brand profile (omitted: the active one)`,
      query: ProfileQuery,
      responses: { 200: bare(response, `${title} (null when unset)`) },
    },
    [`PUT /v1/brand/${name}`]: {
      id: `set${operationName}`,
      tag: 'Intelligence',
      summary: `Set the ${title.toLowerCase()}`,
      query: ProfileQuery,
      body: PARTS[name],
      responses: { 200: bare(response, `${title}, as stored`) },
    },
  };
}

export const INTELLIGENCE_OPERATIONS: Record<string, Operation> = {
  'POST /v1/content/brief': {
    id: 'writeBriefs',
    tag: 'Intelligence',
    summary: 'Content briefs from a goal',
    body: BriefBody,
    bodyExample: { goal: 'Launch our teal bottle', platform: 'instagram', count: 3 },
    responses: { 200: data(Briefs, 'Up to `count` briefs; each can be the `brief` of content creation') },
  },
  'GET /v1/intelligence/trends': {
    id: 'listTrends',
    tag: 'Intelligence',
    summary: 'Aggregated trend signals',
    query: TrendsQuery,
    responses: { 200: data(TrendResult, 'Trends of the window') },
  },
  'POST /v1/intelligence/predict': {
    id: 'predictPerformance',
    tag: 'Intelligence',
    summary: 'Predict the performance of a concept',
    body: PredictBody,
    bodyExample: {
      concept: 'A hiker filling the bottle at a stream',
      platform: 'instagram',
      modality: 'image',
    },
    responses: { 200: data(Prediction, 'The prediction') },
  },
  'GET /v1/intelligence/recommendations': {
    id: 'listRecommendations',
    tag: 'Intelligence',
    summary: 'Open content recommendations',
    query: RecommendationsQuery,
    responses: { 200: list(Recommendation, 'Recommendations, most urgent first') },
  },
  'GET /v1/intelligence/brand-context': {
    id: 'getBrandContext',
    tag: 'Intelligence',
    summary: 'A brand profile in one read: DNA, identity, strategy, guidance, objectives, top patterns',
    description:
      'What content creation folds into a run, read at once instead of through the seven /v1/brand routes. ' +
      'brandProfileId picks a profile (omitted: the active one); a workspace without one gets nulls.',
    query: BrandContextQuery,
    responses: { 200: data(BrandContextView, 'The brand context') },
  },
  ...brandPart('dna', 'Brand DNA', BrandDnaResponse, 'BrandDna'),
  ...brandPart('identity', 'Brand identity', BrandIdentityResponse, 'BrandIdentity'),
  ...brandPart('strategy', 'Brand strategy', BrandStrategyResponse, 'BrandStrategy'),
  ...brandPart('guidance', 'Guidance package', GuidanceResponse, 'BrandGuidance'),
  'GET /v1/brand/objectives': {
    id: 'listBrandObjectives',
    tag: 'Intelligence',
    summary: 'Brand objectives',
    query: ProfileQuery,
    responses: { 200: list(BrandObjective, 'The objectives') },
  },
  'POST /v1/brand/objectives': {
    id: 'addBrandObjective',
    tag: 'Intelligence',
    summary: 'Add a brand objective',
    query: ProfileQuery,
    body: NewBrandObjective,
    responses: { 201: data(BrandObjective, 'The objective') },
  },
  'GET /v1/brand/patterns/top': {
    id: 'listTopPatterns',
    tag: 'Intelligence',
    summary: 'Top performing patterns',
    query: PatternsQuery,
    responses: { 200: list(TopPattern, 'Best first') },
  },
  'GET /v1/brand/kit': {
    id: 'listBrandKit',
    tag: 'Intelligence',
    summary: 'Brand kit elements',
    query: KitQuery,
    responses: { 200: list(KitElement, 'The elements') },
  },
  'POST /v1/brand/kit': {
    id: 'addBrandKitElement',
    tag: 'Intelligence',
    summary: 'Add a brand kit element (a new version of one with the same name)',
    body: KitElementBody,
    responses: { 201: data(KitElement, 'The element') },
  },
};
