/** Response codes of the envelope (spec §8). 0 is the only success. */
export const Code = {
  ok: 0,
  error: 1,
  timeout: 401,
  notAuthorized: 40001,
  resourceError: 40004,
  relogin: 490010,
  notAvailable: 490026,
  verifyLimit: 490027,
  verifyLimitAlt: 490125,
  noTask: 490618,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** User-facing messages, verbatim from the spec (§5, §6, §8). */
export const Msg = {
  notLoggedIn: 'Not logged in, please log in first',
  emptyBody: 'Request has no return value',
  timeout: 'http connection timeout',
  network: 'Network connection failed. Please try again.',
  notEnoughCreditsDownload: 'Not enough credits for download',
  /** A short balance while old-system points wait for the upgrade to credits (decision 170). */
  insufficientPoints: 'Insufficient points',
  uploadOss: 'Upload failed (OSS error)',
  uploadSubmit: 'Upload failed (submit error)',
  imageLimit: 'Image upload limit exceeded (max 20 images).',
  formatNotSupported: 'Format not supported',
  deleteFailed: 'Delete failed',
  deleteOk: 'Delete successful',
  actionFailed: 'Action failed',
  actionOk: 'Action succeeded',
  downloadFailed: 'Download failed. Please check the network.',
  retryTaskFailed: 'Request failed. Please refresh and try again.',
  generic: 'Oops! Something went wrong. Try again later.',
  fileMissing: 'The file does not exist.',
  duplicateName: 'Duplicate name',
  modificationNotSupported: 'Modification is not supported.',
  tooManyRequests: 'Too many requests. Please slow down and try again.',
  getTokenError: 'get token error',
  loadError: 'load error',
  /** The disk (or bucket quota) holding the data is full: HTTP 503, never a generic failure. */
  outOfSpace: 'The server is out of space. Try again later.',
} as const;

/** The HTTP status that goes with a code when the route did not choose one. */
export function httpStatusForCode(code: number): number {
  switch (code) {
    case Code.ok:
      return 200;
    case Code.notAuthorized:
    case Code.relogin:
      return 401;
    case Code.resourceError:
    case Code.noTask:
      return 404;
    case Code.notAvailable:
    case Code.verifyLimit:
    case Code.verifyLimitAlt:
      return 403;
    case Code.timeout:
      return 504;
    default:
      return 400;
  }
}
