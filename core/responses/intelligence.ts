import { z } from 'zod';
import { described, EXAMPLE_TIME, JsonObject, Timestamp } from './common';

const ConfidenceValue = z.enum(['low', 'medium', 'high']);

export const Trend = z.object({
  signal: z.string(),
  category: z.string(),
  platform: z.string(),
  growth: z.string(),
  confidence: z.string(),
});

export const TrendResult = described(
  'TrendResult',
  z.object({ trends: z.array(Trend), windowDays: z.int().min(1), generatedAt: Timestamp }),
  'Trend signals of the workspace',
  {
    trends: [
      {
        signal: 'pastel palettes',
        category: 'visual_style',
        platform: 'instagram',
        growth: '+45%',
        confidence: 'medium',
      },
    ],
    windowDays: 30,
    generatedAt: EXAMPLE_TIME,
  },
);

export const Prediction = described(
  'Prediction',
  z.object({
    predictedScore: z.number(),
    confidence: ConfidenceValue,
    strengths: z.array(z.string()),
    risks: z.array(z.string()),
    suggestions: z.array(z.string()),
    factors: z.array(z.object({ feature: z.string(), points: z.number() })),
  }),
  'A performance prediction, explained feature by feature',
  {
    predictedScore: 64,
    confidence: 'medium',
    strengths: ['fits the platform'],
    risks: [],
    suggestions: ['add a hook in the first second'],
    factors: [{ feature: 'platform fit', points: 8 }],
  },
);

export const Recommendation = described(
  'Recommendation',
  z.object({
    id: z.string(),
    type: z.enum(['trend_opportunity', 'gap_analysis', 'optimization']),
    status: z.literal('open'),
    priority: z.int().min(1).max(5),
    title: z.string(),
    summary: z.string(),
    data: JsonObject,
    createdAt: Timestamp,
  }),
  'An open content recommendation',
  {
    id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    type: 'trend_opportunity',
    status: 'open',
    priority: 2,
    title: 'Ride the pastel palettes trend on Instagram',
    summary: 'Pastel palettes grew 45% in 30 days',
    data: { platform: 'instagram' },
    createdAt: EXAMPLE_TIME,
  },
);

export type Trend = z.infer<typeof Trend>;
export type TrendResult = z.infer<typeof TrendResult>;
export type Prediction = z.infer<typeof Prediction>;
export type Recommendation = z.infer<typeof Recommendation>;
