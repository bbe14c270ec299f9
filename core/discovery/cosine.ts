/**
 * Cosine similarity of two vectors of equal length, to four places; 0 when either is all zeros. The
 * last digits of an embedding vary between processes (the order of llama.cpp's float sums), and the
 * same brief must get the same judgement in every process.
 */
export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : Math.round((dot / Math.sqrt(na * nb)) * 10000) / 10000;
}

/** The text an app is embedded as: what it is called, says it does, and is tagged with. */
export function appEmbeddingText(app: {
  name: string;
  description: string | null;
  frontmatter: { summary: string; useCases: string[]; keywords: string[]; aliases: string[] };
}): string {
  const fm = app.frontmatter;
  return [
    app.name,
    app.description ?? '',
    fm.summary,
    `Use cases: ${fm.useCases.join(', ')}`,
    `Keywords: ${[...fm.keywords, ...fm.aliases].join(', ')}`,
  ].join('\n');
}
