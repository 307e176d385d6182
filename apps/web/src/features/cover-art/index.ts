// Cover art: the artwork of a finished cover, its editor (loaded on first use), exports, share
// videos and share links; the Share button of a finished cover opens them without the editor.
export { CoverArtEntry } from './CoverArtEntry';
export { CoverShareButton } from './CoverShareDialog';
