/** Properties measured from a real output, by modality. */
export type MeasuredOutput =
  | { modality: 'image'; width: number; height: number; entropy: number; meanStdev: number }
  | {
      modality: 'video';
      width: number;
      height: number;
      durationSeconds: number;
      hasAudio: boolean;
      hasVideo: boolean;
    }
  | { modality: 'audio'; durationSeconds: number }
  | { modality: 'text'; text: string };

export interface QualityScore {
  score: number;
  reasons: string[];
}

/**
 * A 0..1 score as the mean of per-property checks, each 0..1, with a reason for every weak one.
 * - image: detail (Shannon entropy of 8 bits), contrast (mean channel standard deviation), resolution.
 * - video: a video stream, audio present, resolution, a sensible length.
 * - audio: a sensible length.
 * - text: length, lexical variety, no leftover placeholders, ends as a sentence.
 */
export function scoreOutput(measured: MeasuredOutput): QualityScore {
  const checks = checksFor(measured);
  const score = checks.reduce((sum, c) => sum + c.value, 0) / checks.length;
  return {
    score: Math.round(score * 1000) / 1000,
    reasons: checks.filter((c) => c.value < 0.7).map((c) => c.reason),
  };
}

interface Check {
  value: number;
  reason: string;
}

const clamp = (v: number) => Math.max(0, Math.min(1, v));

function checksFor(m: MeasuredOutput): Check[] {
  switch (m.modality) {
    case 'image':
      return [
        { value: clamp(m.entropy / 5), reason: `low detail (entropy ${m.entropy.toFixed(2)})` },
        { value: clamp(m.meanStdev / 40), reason: `low contrast (stdev ${m.meanStdev.toFixed(1)})` },
        {
          value: clamp(Math.min(m.width, m.height) / 720),
          reason: `low resolution (${m.width}x${m.height})`,
        },
      ];
    case 'video':
      return [
        { value: m.hasVideo ? 1 : 0, reason: 'no video stream' },
        { value: m.hasAudio ? 1 : 0.5, reason: 'no audio track' },
        {
          value: clamp(Math.min(m.width, m.height) / 720),
          reason: `low resolution (${m.width}x${m.height})`,
        },
        {
          value: m.durationSeconds >= 1 && m.durationSeconds <= 180 ? 1 : 0.2,
          reason: `unusual length (${m.durationSeconds.toFixed(1)} s)`,
        },
      ];
    case 'audio':
      return [
        {
          value: m.durationSeconds >= 0.5 && m.durationSeconds <= 600 ? 1 : 0.1,
          reason: `unusual length (${m.durationSeconds.toFixed(1)} s)`,
        },
      ];
    case 'text': {
      const words = m.text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
      const variety = words.length === 0 ? 0 : new Set(words).size / words.length;
      return [
        { value: clamp(words.length / 5), reason: `too short (${words.length} words)` },
        { value: clamp(variety / 0.5), reason: `repetitive (variety ${variety.toFixed(2)})` },
        { value: /\{\{|\}\}|lorem ipsum/i.test(m.text) ? 0 : 1, reason: 'leftover placeholder text' },
        {
          value: /[.!?…)"'#\p{Emoji}]\s*$/u.test(m.text.trim()) || words.length < 12 ? 1 : 0.6,
          reason: 'does not end as a sentence',
        },
      ];
    }
  }
}
