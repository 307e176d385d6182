// Cover art: the artwork of a finished cover, its editor (loaded on first use), exports, share
// videos and share links.
export { CoverArtEntry } from './CoverArtEntry';
