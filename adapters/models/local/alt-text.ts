import { styleFromPrompt } from './image-renderer';
import type { LayoutStyle } from './layouts';
import { lookWords, quotedText, secondaryPhrase, subjectPhrase, titleCase, tokens } from './prompt-words';

const LAYOUT_DESCRIPTIONS: Record<LayoutStyle, string> = {
  gradient: 'a smooth diagonal gradient background with soft glowing light',
  geometric: 'a grid of flat geometric shapes (circles, quarter circles, triangles and squares)',
  minimal: 'a plain, light background with a single accent circle and generous white space',
  bold: 'a solid background crossed by a bold diagonal stripe',
  waves: 'layered flowing waves along the bottom',
  studio: 'a studio backdrop with a soft shadow under the product on a podium',
  quote: 'a calm, deep-toned background with a large quotation mark',
};

/**
 * Alt text for the image the local renderer makes from a prompt: the layout, the colours the
 * prompt names, and the words set on the image, in one or two plain sentences.
 */
export function describeComposition(prompt: string): string {
  const style = styleFromPrompt(prompt);
  const brand = tokens(prompt).filter((t) => /^#[0-9a-f]{6}$/i.test(t));
  const colours = [...new Set([...lookWords(prompt), ...brand.map((hex) => hex.toLowerCase())])];
  const palette = colours.length > 0 ? ` in ${colours.slice(0, 3).join(', ')} tones` : '';
  const headline = quotedText(prompt) ?? titleCase(subjectPhrase(prompt));
  const detail = secondaryPhrase(prompt);
  const kind = style === 'quote' ? 'Quote card' : style === 'studio' ? 'Product shot' : 'Graphic';
  const words = headline
    ? style === 'quote'
      ? ` The quote reads “${headline}”.`
      : ` Large text reads “${headline}”${detail && !quotedText(prompt) ? `, with the line “${detail}” beneath it` : ''}.`
    : '';
  return `${kind} with ${LAYOUT_DESCRIPTIONS[style]}${palette}.${words}`;
}
