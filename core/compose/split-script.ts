/** Narration speed used to size scenes and check the 90-second limit. */
export const WORDS_PER_SECOND = 2.6;

export const scriptSeconds = (script: string) =>
  script.split(/\s+/).filter(Boolean).length / WORDS_PER_SECOND;

/**
 * Splits a script into scenes of about `clipSeconds` of narration each.
 * 1. Cut into sentences. 2. Add sentences to a scene until it would run past `clipSeconds`.
 * 3. A single long sentence is its own scene. At most `maxScenes`; the rest joins the last scene.
 */
export function splitScript(script: string, clipSeconds: number, maxScenes = 12): string[] {
  const sentences = script
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?…])\s+/)
    .filter(Boolean);
  const scenes: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    const candidate = current ? `${current} ${sentence}` : sentence;
    if (current && scriptSeconds(candidate) > clipSeconds) {
      scenes.push(current);
      current = sentence;
    } else current = candidate;
  }
  if (current) scenes.push(current);
  if (scenes.length <= maxScenes) return scenes;
  return [...scenes.slice(0, maxScenes - 1), scenes.slice(maxScenes - 1).join(' ')];
}
