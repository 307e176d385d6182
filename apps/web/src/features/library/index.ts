// The cloud file library of the account center: tabs by type, rename, delete, export, upload; and
// the account's songs, for a tool that takes one again.
export { LibraryPanel } from './LibraryPanel';
export { useLibrarySongs } from './library-api';
