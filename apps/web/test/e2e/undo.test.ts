import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { prepareCruiserBesideRift } from './scenario';
import {
  clickHex,
  openPrepared,
  pickShips,
  seatOpener,
  sendFrom,
  seqOf,
  startTable,
  useE2eSession,
  waitForSeq,
  waitForSeqBack,
} from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

describe('Taking back a misclick in the browser (real server on PGlite, real Chromium)', () => {
  it('a move is undone after the seat reads what it undoes; after a rift roll the undo is refused in words', async () => {
    const names = ['Ann', 'Bo'];
    const { prepared: sc, page: me } = await openPrepared(
      env(),
      viewport,
      names,
      prepareCruiserBesideRift,
    );
    const mover = names[sc.seat] ?? '';
    const cruiserAt = (hex: string) =>
      me.locator(`[data-content="${hex}"] .unit-row[data-owner="${sc.seat}"] title`);

    // A plain move, out of the way of the rift: nothing is rolled.
    const lit = await pickShips(me, sc.beside, 'cruiser', 1, sc.rift);
    // An empty system: no fight, no planet, no die (a minor race two steps off would be a battle).
    const away =
      lit.find(
        (k) =>
          k !== sc.beside &&
          sc.state.galaxy.tiles[k as HexKey]?.tileId === 'empty-1' &&
          sc.state.units[k as HexKey] === undefined,
      ) ?? '';
    await clickHex(me, away);
    const start = await seqOf(me);
    await sendFrom(me, '.move-panel button[data-action="move"]');

    // Told what the undo takes back before it runs, in the log's words.
    const preview = me.getByTestId('undo-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(
      new RegExp(`^Undo: ${mover} moves 1 Cruiser from .* to .*\\.`),
    );
    await me.getByTestId('undo').click();
    await waitForSeqBack(me, start);
    // As if it never happened: the Cruiser is back beside the rift, the log forgets the move.
    expect(await cruiserAt(sc.beside).textContent()).toMatch(/1 Cruiser/);
    expect(await me.locator('.log-lines').textContent()).not.toContain(`${mover} moves 1 Cruiser`);

    // Into the rift: the die is rolled at once, and what the dice decide stands.
    await pickShips(me, sc.beside, 'cruiser', 1, sc.rift);
    await clickHex(me, sc.rift);
    await sendFrom(me, '.move-panel button[data-action="move"]');
    const refused = me.getByTestId('undo-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(
      /^Cannot take back: dice were rolled since: .*rolls \d+ and .*What the dice decide stands\.$/,
    );
    expect(await me.getByTestId('undo').count()).toBe(0);
  });

  it('BG-2 Market: the seat whose step an undo takes back is asked, and the undo runs once it agrees', async () => {
    const names = ['Ann', 'Bo'];
    const table = await startTable(env(), names, { leaders: false });
    const open = seatOpener(env(), viewport, table, names);
    const ann = await open(0);
    const bo = await open(1);
    await ann.locator('.table').waitFor();
    const start = await seqOf(ann);
    /** One action of `seat` over its own socket, decided on the state at `seq`. */
    const act = async (seat: number, action: unknown, seq: number): Promise<unknown> => {
      const socket = io(env().server.url, {
        auth: { gameId: table.gameId, token: table.tokens[seat] },
        transports: ['websocket'],
        forceNew: true,
      });
      try {
        return await socket
          .timeout(10_000)
          .emitWithAck('action', { id: crypto.randomUUID(), action, seq });
      } finally {
        socket.close();
      }
    };
    // Ann offers Bo a credit (nothing hidden: no card), and Bo turns it down.
    expect(await act(0, { type: 'make-offer', to: 1, credits: 1, cards: [] }, start)).toEqual({
      ok: true,
      seq: start + 1,
    });
    await waitForSeq(bo, start + 1);
    const declined = (await act(1, { type: 'decline-offer', offerId: 1 }, start + 1)) as {
      ok: boolean;
    };
    expect(declined.ok).toBe(true);
    await waitForSeq(ann, start + 2);

    // Ann reads that Bo's step goes back too, and asks.
    const preview = ann.getByTestId('undo-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/^Undo: .*Ann.*\(with Bo's consent/);
    await ann.getByTestId('undo').click();
    await ann.getByTestId('undo-waiting').waitFor();

    // Bo is asked, with what would be undone, and agrees.
    const ask = bo.getByTestId('undo-consent');
    await ask.waitFor();
    expect(await ask.textContent()).toMatch(/^Ann asks to take back: .*Your step goes back too\./);
    await ask.locator('button', { hasText: 'Agree' }).click();
    for (const page of [ann, bo]) await waitForSeqBack(page, start);
    expect(await bo.getByTestId('undo-consent').count()).toBe(0);
  });
});
