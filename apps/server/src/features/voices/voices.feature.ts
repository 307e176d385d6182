import type { Engine } from '@ai-covers/engine';
import { defineFeature } from '../../platform/feature';
import { voicesRoutes } from './voices.routes';

/** The voices of the cover engine, with their samples and avatars. */
export function createVoicesFeature(deps: { engine: Pick<Engine, 'getVoice'> }) {
  return defineFeature({ routes: [voicesRoutes(deps.engine)] });
}
