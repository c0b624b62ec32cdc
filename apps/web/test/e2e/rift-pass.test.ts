import { hexKey, neighbours, parseHexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { prepareCruiserBesideRift } from './scenario';
import {
  clickHex,
  openPrepared,
  pickShips,
  sendFrom,
  SHOTS,
  shotsDir,
  useE2eSession,
} from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

describe('OR-4.2 in the browser: passing through a Gravity Rift (real server on PGlite, real Chromium)', () => {
  it('a Cruiser enters the rift, rolls at once, and the exit prompt in the middle of its move takes it on with the movement it has left', async () => {
    const { prepared: sc, page: me } = await openPrepared(
      env(),
      viewport,
      ['Ann', 'Bo'],
      prepareCruiserBesideRift,
    );

    // BG-5: the Cruiser is picked beside the rift and sent into it.
    await pickShips(me, sc.beside, 'cruiser', 1, sc.rift);
    await clickHex(me, sc.rift);
    await sendFrom(me, '.move-panel button[data-action="move"]');

    // OR-4.2: entering did not end the move: the roll is shown at once, with the movement left.
    const roll = (await me.getByTestId('rift-roll').textContent()) ?? '';
    expect(roll).toMatch(/Your Cruiser rolled \d+/);
    expect(await me.getByTestId('rift-left').textContent()).toMatch(/goes on with 1 movement left/);
    const lit = await me
      .locator('.board-svg .hex-legal')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-hex') ?? ''));
    expect(lit.length).toBeGreaterThan(0);
    if (SHOTS) await me.screenshot({ path: `${shotsDir}rift-exit.png` });
    // The farthest way out the roll allows: a system past the one the rift whips it into.
    const around = new Set<string>(neighbours(parseHexKey(sc.rift)).map(hexKey));
    const exit = lit.find((k) => !around.has(k)) ?? lit[0] ?? '';
    // The roll decides the way out, which may lead where more of this seat's Cruisers stand.
    const landed = me.locator(`[data-content="${exit}"] .unit-row[data-owner="${sc.seat}"] title`);
    const cruisers = async (): Promise<number> =>
      (await landed.count()) === 0
        ? 0
        : Number(/(\d+) Cruiser/.exec((await landed.textContent()) ?? '')?.[1] ?? 0);
    const before = await cruisers();
    await clickHex(me, exit);
    await sendFrom(me, '.move-panel button[data-action="rift-exit"]');
    expect(await cruisers()).toBe(before + 1);
    expect(await me.locator('.log-lines').textContent()).toMatch(/out of the rift/);
    expect(await me.getByTestId('rift-roll').count()).toBe(0);
  });
});
