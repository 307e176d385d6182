import { getHuman } from './human';

/** Similarity of two face embeddings, 0..1, on the face library's own scale (0.5 and up: same person). */
export type SimilarityFn = (a: number[], b: number[]) => number;

let similarity: SimilarityFn | null = null;

/** The face library's similarity function (loads the library on first use). */
export async function loadSimilarity(): Promise<SimilarityFn> {
  if (!similarity) {
    const human = await getHuman();
    similarity = (a, b) => human.match.similarity(a, b);
  }
  return similarity;
}

/**
 * Likeness of a result: its mean similarity to the person's approved photos. The result's own source
 * photo is left out when others exist, so the figure says whether the result looks like the person
 * in their other photos, not just like the photo it was made from.
 */
export function likenessOf(
  embedding: number[],
  references: number[][],
  source: number,
  sim: SimilarityFn,
): number {
  const others = references.length > 1 ? references.filter((_, i) => i !== source) : references;
  if (others.length === 0 || embedding.length === 0) return 0;
  return others.reduce((sum, ref) => sum + sim(embedding, ref), 0) / others.length;
}
