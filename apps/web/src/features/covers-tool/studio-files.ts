import type { CoverTask, SampleData } from '@ai-covers/contracts';

/**
 * A finished cover's §3 sample data: before = the song as given, after = the watermarked preview.
 * The full result is not the page's to play until it is paid for (it comes by the download), so
 * there is no after origin.
 */
export function sampleDataOf(
  task: Pick<CoverTask, 'source_url'>,
  previewUrl: string,
): SampleData & { after_url: string } {
  return {
    before_origin: task.source_url,
    before_url: task.source_url,
    after_origin: null,
    after_url: previewUrl,
  };
}
