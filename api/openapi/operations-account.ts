import { z } from 'zod';
import { AssetsQuery, UploadUrlsBody } from '../assets/schema';
import { ListQuery as TemplatesQuery } from '../templates/schema';
import { Account, Usage } from '../../core/responses/account';
import { Asset, UploadTarget } from '../../core/responses/assets';
import { described } from '../../core/responses/common';
import { Template, TemplateDetail } from '../../core/responses/templates';
import { bare, data, list, page } from './responses';
import type { Operation } from './operation';

const OpenApiDocument = described(
  'OpenApiDocument',
  z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
  'An OpenAPI 3.1 document',
  { openapi: '3.1.0', info: { title: 'Atelier API', version: '1.0.0' }, paths: {} },
);

/** Assets, account and templates: the small resource groups. */
export const ACCOUNT_OPERATIONS: Record<string, Operation> = {
  'GET /v1/assets': {
    id: 'listAssets',
    tag: 'Assets',
    summary: 'Completed outputs of completed runs, newest first',
    query: AssetsQuery,
    responses: { 200: page(Asset, 'A page of assets') },
  },
  'POST /v1/assets/upload-urls': {
    id: 'createUploadUrls',
    tag: 'Assets',
    summary: 'Upload URLs for your own media: PUT each file there, then use its cdnUrl as an app input',
    description:
      'Images (PNG, JPEG, WebP, GIF) up to 50 MiB, video and audio up to 500 MiB. Each URL takes one PUT of the declared type (send `headers`) and at most the declared size, until `expiresAt` (15 minutes).',
    body: UploadUrlsBody,
    bodyExample: { files: [{ filename: 'bottle.jpg', contentType: 'image/jpeg', sizeBytes: 482113 }] },
    responses: { 200: list(UploadTarget, 'One upload URL per file, in order') },
  },
  'GET /v1/account': {
    id: 'getAccount',
    tag: 'Account',
    summary: 'Who this key acts as: workspace, key name and prefix, role, rate limit',
    description:
      'Use it to check which workspace and key a client is configured with before starting work; it never ' +
      'returns the key itself, only its prefix. Credits are on GET /v1/account/usage.',
    responses: { 200: data(Account, 'The workspace and key of this request') },
  },
  'GET /v1/account/usage': {
    id: 'getUsage',
    tag: 'Account',
    summary: 'Credit balance and rate limit',
    responses: { 200: data(Usage, 'Credits and the rate limit') },
  },
  'GET /v1/openapi.json': {
    id: 'getOpenApiDocument',
    tag: 'Account',
    summary: 'This document',
    responses: { 200: bare(OpenApiDocument, 'The OpenAPI document of /v1') },
  },
  'GET /v1/templates': {
    id: 'listTemplates',
    tag: 'Templates',
    summary: 'Built-in and workspace templates',
    query: TemplatesQuery,
    responses: { 200: list(Template, 'The templates') },
  },
  'GET /v1/templates/{id}': {
    id: 'getTemplate',
    tag: 'Templates',
    summary: 'A template with its guidance',
    responses: { 200: data(TemplateDetail, 'The template') },
  },
};
