/** The envelope of every successful answer (§3): code 0, the data, and 'ok' or the given message. */
export function ok<T>(data: T, msg = 'ok'): { code: 0; data: T; msg: string } {
  return { code: 0, data, msg };
}
