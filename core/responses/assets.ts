import { z } from 'zod';
import { described, EXAMPLE_IDS, EXAMPLE_TIME, Modality, Timestamp } from './common';

export const Asset = described(
  'Asset',
  z.object({
    id: z.string(),
    runId: z.string().nullable().meta({ description: 'Null for a transferred file' }),
    nodeId: z.string().nullable(),
    revision: z.int().nullable(),
    nodeLabel: z.string().nullable(),
    outputType: Modality,
    sourceUrl: z.string().nullable().meta({ description: 'Provider URL, possibly temporary' }),
    cdnUrl: z.string().nullable().meta({ description: 'Permanent URL' }),
    textContent: z.string().nullable(),
    mimeType: z.string().nullable(),
    bytes: z.number().nullable(),
    status: z.string(),
    createdAt: Timestamp,
  }),
  'A stored output of a completed run, or a transferred file',
  {
    id: EXAMPLE_IDS.asset,
    runId: EXAMPLE_IDS.run,
    nodeId: 'photo',
    revision: 1,
    nodeLabel: 'Photo',
    outputType: 'image',
    sourceUrl: null,
    cdnUrl: 'https://cdn.example.com/runs/0b7e3c2a/photo.png',
    textContent: null,
    mimeType: 'image/png',
    bytes: 482113,
    status: 'completed',
    createdAt: EXAMPLE_TIME,
  },
);
export type Asset = z.infer<typeof Asset>;

export const UploadTarget = described(
  'UploadTarget',
  z.object({
    assetId: z.string(),
    filename: z.string(),
    uploadUrl: z.string().meta({ description: 'PUT the file here, with `headers`, before `expiresAt`' }),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()).meta({ description: 'Send exactly these (Content-Type)' }),
    maxBytes: z.int().min(1).meta({ description: 'The declared size: a larger file is refused' }),
    expiresAt: Timestamp,
    cdnUrl: z.string().meta({
      description: 'The permanent URL of the file once uploaded: an app input of the same workspace',
    }),
  }),
  'Where to upload one file, and the URL it will have',
  {
    assetId: EXAMPLE_IDS.asset,
    filename: 'bottle.jpg',
    uploadUrl: `https://api.example.com/uploads/${EXAMPLE_IDS.asset}?expires=1777887000&signature=Qm9vaw`,
    method: 'PUT',
    headers: { 'Content-Type': 'image/jpeg' },
    maxBytes: 482113,
    expiresAt: EXAMPLE_TIME,
    cdnUrl: `https://api.example.com/cdn/uploads/${EXAMPLE_IDS.asset}/bottle.jpg`,
  },
);
export type UploadTarget = z.infer<typeof UploadTarget>;
