/** One feature's effect on a prediction: the points it adds or takes, and what it tells the caller. */
export interface Factor {
  /** The feature behind it: hook, call_to_action, platform_fit, brand_patterns ... */
  feature: string;
  points: number;
  /** A strength when points > 0, a risk when points < 0; a neutral factor only carries a suggestion. */
  note: string | null;
  suggestion: string | null;
}

export const factor = (
  feature: string,
  points: number,
  note: string | null,
  suggestion: string | null = null,
): Factor => ({ feature, points, note, suggestion });
