import { HistoryQuery, PublishBody, TransferBody } from '../publishing/schema';
import { Channel, Publication, PublishResults, Transfer } from '../../core/responses/publishing';
import { EXAMPLE_IDS } from '../../core/responses/common';
import { data, list, page } from './responses';
import type { Operation } from './operation';

export const PUBLISHING_OPERATIONS: Record<string, Operation> = {
  'POST /v1/publishing/transfer-asset': {
    id: 'transferAsset',
    tag: 'Publishing',
    summary: 'Copy media from a URL to the CDN',
    body: TransferBody,
    bodyExample: {
      sourceUrl: 'https://provider.example.com/tmp/photo.png',
      mediaType: 'image',
      filename: 'photo.png',
    },
    responses: { 200: data(Transfer, 'The permanent URL') },
  },
  'GET /v1/publishing/channels': {
    id: 'listChannels',
    tag: 'Publishing',
    summary: 'Connected, unexpired channels',
    responses: { 200: list(Channel, 'The channels') },
  },
  'POST /v1/publishing/publish': {
    id: 'publishContent',
    tag: 'Publishing',
    summary: 'Publish to one or more channels',
    body: PublishBody,
    bodyExample: {
      accountIds: [EXAMPLE_IDS.channel],
      imageUrl: 'https://cdn.example.com/runs/0b7e3c2a/photo.png',
      caption: 'Cold for the whole climb',
    },
    responses: { 200: data(PublishResults, 'One result per channel') },
  },
  'GET /v1/publishing/history': {
    id: 'listPublications',
    tag: 'Publishing',
    summary: 'Past publishes, newest first',
    query: HistoryQuery,
    responses: { 200: page(Publication, 'A page of publishes') },
  },
};
