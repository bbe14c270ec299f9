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
