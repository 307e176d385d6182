// The cloud file library of the account center: tabs by type, rename, delete, export, upload.
export { LibraryPanel } from './LibraryPanel';
