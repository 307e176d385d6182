// The studio entry page (/apps/entry): the family's tools and the app install prompt.
export { captureInstallPrompt } from './install-prompt';
