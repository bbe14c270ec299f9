import { z } from 'zod';
import { described, EXAMPLE_IDS, EXAMPLE_TIME, Timestamp } from './common';

export const Channel = described(
  'Channel',
  z.object({
    id: z.string(),
    platform: z.string(),
    accountName: z.string().nullable(),
    accountType: z.string(),
    username: z.string().nullable(),
    hasInstagram: z.boolean(),
    createdAt: Timestamp,
  }),
  'A connected social account',
  {
    id: EXAMPLE_IDS.channel,
    platform: 'facebook',
    accountName: 'Teal Bottles',
    accountType: 'page',
    username: null,
    hasInstagram: true,
    createdAt: EXAMPLE_TIME,
  },
);

const PublishError = z.object({ code: z.string(), message: z.string() });

export const PublishResult = z.object({
  accountId: z.string(),
  status: z.enum(['published', 'failed']),
  postUrl: z.string().nullable(),
  postId: z.string().optional(),
  platform: z.string().optional(),
  error: PublishError.optional().meta({ description: 'When failed' }),
});
export type PublishResult = z.infer<typeof PublishResult>;

export const PublishResults = described(
  'PublishResults',
  z.object({ results: z.array(PublishResult) }),
  'One result per channel; one failure never stops another',
  {
    results: [
      {
        accountId: EXAMPLE_IDS.channel,
        status: 'published',
        postUrl: 'https://www.facebook.com/123/posts/456',
        postId: '456',
        platform: 'facebook',
      },
    ],
  },
);

export const Publication = described(
  'Publication',
  z.object({
    id: z.string(),
    accountId: z.string(),
    platform: z.string().nullable(),
    status: z.enum(['published', 'failed']),
    postUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    videoUrl: z.string().nullable(),
    caption: z.string().nullable(),
    error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).optional(),
    createdAt: Timestamp,
  }),
  'A past publish',
  {
    id: '8091a2b3-c4d5-4e6f-8a7b-8c9d0e1f2a3b',
    accountId: EXAMPLE_IDS.channel,
    platform: 'facebook',
    status: 'published',
    postUrl: 'https://www.facebook.com/123/posts/456',
    imageUrl: 'https://cdn.example.com/runs/0b7e3c2a/photo.png',
    videoUrl: null,
    caption: 'Cold for the whole climb',
    createdAt: EXAMPLE_TIME,
  },
);

export const Transfer = described(
  'Transfer',
  z.object({ url: z.string().meta({ description: 'Permanent CDN URL, usable with publish' }) }),
  'The copy on the CDN',
  { url: 'https://cdn.example.com/transfers/ws/9c2d/photo.png' },
);

export type Channel = z.infer<typeof Channel>;
export type PublishResults = z.infer<typeof PublishResults>;
export type Publication = z.infer<typeof Publication>;
export type Transfer = z.infer<typeof Transfer>;
