// Promotions on the covers pages: the A/B banner and the ad slot (§9), around the pages they frame.
export { CoversLayout } from './CoversLayout';
