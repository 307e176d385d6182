import os from 'node:os';
import { isMyVoiceId } from '@ai-covers/contracts';
import type { Engine } from '@ai-covers/engine';
import type { UserVoicesService } from './voices.user.service';

/**
 * The deployment's engine, with covers in an account's own voices: such a voice id is replaced by
 * its trained profile before the engine renders. A deleted voice fails the render ('UNKNOWN_VOICE').
 */
export function withUserVoices(engine: Engine, voices: Pick<UserVoicesService, 'profileFor'>): Engine {
  return {
    kind: engine.kind,
    description: engine.description,
    listVoices: () => engine.listVoices(),
    getVoice: (id) => engine.getVoice(id),
    createCover: async (options) => {
      if (typeof options.voice !== 'string' || !isMyVoiceId(options.voice))
        return engine.createCover(options);
      const profile = await voices.profileFor(options.voice, options.scratchDir ?? os.tmpdir());
      return engine.createCover({ ...options, voice: profile });
    },
    close: () => engine.close(),
  };
}
