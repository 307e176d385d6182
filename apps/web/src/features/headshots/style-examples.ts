/**
 * The example picture of each style (examples/<id>.webp): the pipeline's own result on a
 * public-domain sample portrait (see examples/README.md), bundled as static assets.
 */
const examples = import.meta.glob<string>('./examples/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});

/** The example picture of a style, or null when the style has none yet. */
export function styleExample(styleId: string): string | null {
  return examples[`./examples/${styleId}.webp`] ?? null;
}
