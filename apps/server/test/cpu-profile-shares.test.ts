import { describe, expect, it } from 'vitest';
import { profileShares } from './support/cpu-profile-shares.js';
import type { CpuProfile } from './support/cpu-profile-shares.js';

const SUPPORT = 'file:///work/apps/server/test/support';
const frame = (functionName: string, url = '') => ({ functionName, url });

// A generator's profile cut to the frames that matter: an update read off a socket, parsed and
// handed to the client's listener, the table's own work there, inside it a bot deciding (the
// rules) after its view is patched and hashed, an action sent, a scavenge, and idle time.
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 8, 9, 10] },
    { id: 2, callFrame: frame('onStreamRead', 'node:internal/stream_base_commons'), children: [3] },
    { id: 3, callFrame: frame('#message', `${SUPPORT}/wire-client.ts`), children: [11] },
    { id: 11, callFrame: frame('#emit', `${SUPPORT}/wire-client.ts`), children: [12] },
    { id: 12, callFrame: frame('act', `${SUPPORT}/bot-table.ts`), children: [4, 5, 6, 7] },
    { id: 4, callFrame: frame('choose', 'file:///work/packages/rules/src/bots/random-bot.ts') },
    {
      id: 5,
      callFrame: frame('applyViewPatch', 'file:///work/apps/server/src/protocol/view-patch.ts'),
    },
    { id: 6, callFrame: frame('emitWithAck', `${SUPPORT}/wire-client.ts`) },
    { id: 7, callFrame: frame('viewHash', 'file:///work/apps/server/src/protocol/view-hash.ts') },
    { id: 8, callFrame: frame('(garbage collector)') },
    { id: 9, callFrame: frame('(idle)') },
    { id: 10, callFrame: frame('(program)') },
  ],
  samples: [3, 11, 12, 4, 4, 4, 5, 7, 6, 8, 9, 9, 9, 10],
};

describe('shares of a V8 CPU profile', () => {
  it('gives each busy sample to the first share that names a frame of its stack', () => {
    const { busySamples, shares } = profileShares(PROFILE);
    // Idle samples are left out; the bot deciding inside an update's handler is the bots', and
    // the table's work inside the listener the tables'.
    expect(busySamples).toBe(11);
    const percent = (n: number) => Number(((n / 11) * 100).toFixed(1));
    expect(shares).toEqual({
      bots: percent(3),
      receiving: percent(2),
      views: percent(2),
      tables: percent(1),
      sending: percent(1),
      'garbage collection': percent(1),
      other: percent(1),
    });
  });

  it('names nothing in a profile without samples', () => {
    expect(profileShares({ ...PROFILE, samples: [] })).toEqual({ busySamples: 0, shares: {} });
  });
});
