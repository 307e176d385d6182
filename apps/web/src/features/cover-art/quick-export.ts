import {
  DEFAULT_CROP_PRESET,
  fitCrop,
  outputSize,
  presetRatio,
  titleProblem,
  type ArtDesign,
  type CoverArt,
} from '@ai-covers/contracts';

/**
 * The design a share uses when the artwork was never exported: the last design saved in the
 * editor, else the generated artwork on the default square crop with the cover's title and voice.
 * A title the export would refuse (no letter or number, say an emoji) gives way to the voice's name.
 */
export function quickShareDesign(art: CoverArt): ArtDesign {
  if (art.design) return art.design;
  const crop = fitCrop({ width: art.width, height: art.height }, presetRatio(DEFAULT_CROP_PRESET));
  const usable = titleProblem(art.title) === null;
  return {
    preset: DEFAULT_CROP_PRESET,
    crop,
    title: usable ? art.title : art.subtitle,
    subtitle: usable ? art.subtitle : '',
    placement: 'bottom',
  };
}

/** The export body of that design at high resolution, with its title layer drawn by `drawTitle`. */
export async function quickExportBody(
  art: CoverArt,
  drawTitle: (size: { width: number; height: number }, design: ArtDesign) => Promise<string>,
) {
  const design = quickShareDesign(art);
  const titleLayer = await drawTitle(outputSize(design.crop, 'high'), design);
  return { format: 'jpeg' as const, resolution: 'high' as const, design, title_layer: titleLayer };
}
