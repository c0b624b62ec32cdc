import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gameOptionsFromLobby, LobbyOptionsSchema, replay, view } from '@outer-rim/rules';
import type { Action } from '@outer-rim/rules';
import type { ActionLogResponse } from '@outer-rim/protocol';
import type { ClaimSeatResponse } from '@outer-rim/protocol';
import type { CreateGameResponse } from '@outer-rim/protocol';
import type { ErrorResponse } from '@outer-rim/protocol';
import type { GameRecord } from '@outer-rim/protocol';
import type { ReplayViewResponse } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { http } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { serversOnBackend } from './support/servers-on-backend.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What a browser does when it takes a seat: 32 random bytes, and the hash it sends. */
function newShare(): { entropy: string; entropyCommitment: string } {
  const entropy = randomBytes(32).toString('hex');
  return { entropy, entropyCommitment: sha256(entropy) };
}

/**
 * Dice no one can choose (docs/fair-dice.md): every seat commits to random bytes of its own when it
 * takes the seat and reveals them once all are taken; the dice roll from the server's committed
 * seed mixed with every share. Anyone verifies a finished game from its public record alone.
 */
describe('fair dice: a seed from the server and from every seat', () => {
  const running = serversOnBackend('pglite', 'fair-dice', 1, {
    BOT_DELAY_MS: '0',
    BOT_TICK_MS: '100',
  });

  it(
    'shares are committed at seat time, revealed only when all are in, checked, and a finished game verifies over HTTP alone',
    async () => {
      const server = running.servers[0] as RunningServer;
      const hostShare = newShare();
      const guestShare = newShare();
      const created = await http<CreateGameResponse>(server.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 3, roundLimit: 1, handOverAfterSeconds: 1 },
        entropyCommitment: hostShare.entropyCommitment,
      });
      expect(created.status).toBe(201);
      const { gameId, token: hostToken } = created.body;
      const guest = await http<ClaimSeatResponse>(
        server.url,
        'POST',
        `/api/games/${gameId}/seats`,
        {
          name: 'Guest',
          seat: 1,
          entropyCommitment: guestShare.entropyCommitment,
        },
      );
      expect(guest.status).toBe(201);
      const guestToken = guest.body.token;
      const reveal = (token: string, entropy: string) =>
        http<GameRecord & ErrorResponse>(
          server.url,
          'PUT',
          `/api/games/${gameId}/seats/me/entropy`,
          { entropy },
          token,
        );

      // Seat 2 is free: nobody reveals before every share is committed.
      const early = await reveal(hostToken, hostShare.entropy);
      expect([early.status, early.body.error.code]).toEqual([409, 'NOT_READY']);
      const bot = await http(
        server.url,
        'PUT',
        `/api/games/${gameId}/seats/2/bot`,
        { policy: 'random' },
        hostToken,
      );
      expect(bot.status).toBe(200);
      await http(server.url, 'PATCH', `/api/games/${gameId}/seats/me`, { ready: true }, guestToken);

      // Committed, not revealed: the start waits, naming who.
      const waiting = await http<ErrorResponse>(
        server.url,
        'POST',
        `/api/games/${gameId}/start`,
        undefined,
        hostToken,
      );
      expect([waiting.status, waiting.body.error.code]).toEqual([409, 'NOT_READY']);
      expect(waiting.body.error.message).toContain('Host, Guest');
      // Bytes other than those committed to are refused, and change nothing.
      const wrong = await reveal(guestToken, newShare().entropy);
      expect([wrong.status, wrong.body.error.code]).toEqual([400, 'BAD_REQUEST']);
      expect((await reveal(guestToken, guestShare.entropy)).status).toBe(200);
      const revealed = await reveal(hostToken, hostShare.entropy);
      expect(revealed.status).toBe(200);
      // In the lobby the record shows every commitment, which shares are in, and no share.
      expect(
        revealed.body.seats.map((s) => [
          s.entropyCommitment !== undefined,
          s.entropyRevealed,
          s.entropy,
        ]),
      ).toEqual([
        [true, true, undefined],
        [true, true, undefined],
        [true, true, undefined],
      ]);
      const started = await http(
        server.url,
        'POST',
        `/api/games/${gameId}/start`,
        undefined,
        hostToken,
      );
      expect(started.status).toBe(200);

      // Nobody connects: after a second away each person's seat is played by a bot, to the end.
      let record: GameRecord | undefined;
      const deadline = Date.now() + 90_000;
      for (;;) {
        record = (await http<GameRecord>(server.url, 'GET', `/api/games/${gameId}`)).body;
        if (record.status === 'over') break;
        if (Date.now() > deadline) throw new Error('the game did not end');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // The check anyone can make, from the public record and log alone.
      const { seed, seedCommitment, seats } = record;
      expect(seed).not.toBeNull();
      expect(sha256(seed ?? '')).toBe(seedCommitment);
      for (const s of seats) expect(sha256(s.entropy ?? '')).toBe(s.entropyCommitment);
      expect(seats.map((s) => s.entropy).slice(0, 2)).toEqual([
        hostShare.entropy,
        guestShare.entropy,
      ]);
      const dice = sha256(['outer-rim dice v1', seed, ...seats.map((s) => s.entropy)].join('\n'));
      const log = (
        await http<ActionLogResponse>(server.url, 'GET', `/api/games/${gameId}/actions?limit=1000`)
      ).body;
      expect(log.entries).toHaveLength(record.seq);
      const options = gameOptionsFromLobby(
        LobbyOptionsSchema.parse(record.options),
        seats.map((s) => ({ name: s.name ?? '', race: s.race as never })),
      );
      const replayed = replay(
        options,
        dice,
        log.entries.map((e) => ({ seat: e.seat, action: e.action as Action })),
      );
      const last = await http<ReplayViewResponse>(
        server.url,
        'GET',
        `/api/games/${gameId}/views/${String(record.seq)}`,
      );
      expect(view(replayed, 'spectator')).toEqual(last.body.view);
      expect(replayed.winner).toEqual(record.winner);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a seat that changes hands after a reveal voids every revealed share: those seats commit anew, and a revealed share is never replaced',
    async () => {
      const server = running.servers[0] as RunningServer;
      const shares = [newShare(), newShare(), newShare()];
      const created = await http<CreateGameResponse>(server.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 3, roundLimit: 1 },
        entropyCommitment: shares[0]?.entropyCommitment,
      });
      const { gameId, token: hostToken } = created.body;
      const claim = async (name: string, share: { entropyCommitment: string }) =>
        (
          await http<ClaimSeatResponse>(server.url, 'POST', `/api/games/${gameId}/seats`, {
            name,
            entropyCommitment: share.entropyCommitment,
          })
        ).body.token;
      const guestToken = await claim('Guest', shares[1] ?? newShare());
      const leaverToken = await claim('Leaver', shares[2] ?? newShare());
      const call = <T>(method: string, path: string, body: unknown, token: string) =>
        http<T & ErrorResponse>(server.url, method, `/api/games/${gameId}${path}`, body, token);
      const reveal = (token: string, entropy: string) =>
        call<GameRecord>('PUT', '/seats/me/entropy', { entropy }, token);
      const commit = (token: string, entropyCommitment: string) =>
        call<GameRecord>('PUT', '/seats/me/entropy-commitment', { entropyCommitment }, token);

      expect((await reveal(hostToken, shares[0]?.entropy ?? '')).status).toBe(200);
      // Revealed shares are not replaced: the seat keeps the bytes it showed.
      const replaced = await commit(hostToken, newShare().entropyCommitment);
      expect([replaced.status, replaced.body.error.code]).toEqual([409, 'CONFLICT']);
      expect(replaced.body.error.message).toContain('revealed already');

      // The third seat leaves after Host revealed: the server has seen Host's share while the next
      // holder's commitment is still to come, so Host's share is void; Guest's, unrevealed, stays.
      const left = await call<GameRecord>('DELETE', '/seats/me', undefined, leaverToken);
      expect(left.status).toBe(200);
      expect(
        left.body.seats.map((s) => [s.entropyCommitment !== undefined, s.entropyRevealed]),
      ).toEqual([
        [false, undefined],
        [true, undefined],
        [false, undefined],
      ]);
      const newcomer = newShare();
      const newcomerToken = await claim('Newcomer', newcomer);
      // Host has no commitment: nobody reveals until Host commits to new bytes.
      const early = await reveal(guestToken, shares[1]?.entropy ?? '');
      expect([early.status, early.body.error.code]).toEqual([409, 'NOT_READY']);
      const hostAgain = newShare();
      expect((await commit(hostToken, hostAgain.entropyCommitment)).status).toBe(200);
      // The old bytes no longer open the seat's commitment.
      const old = await reveal(hostToken, shares[0]?.entropy ?? '');
      expect([old.status, old.body.error.code]).toEqual([400, 'BAD_REQUEST']);
      for (const [token, entropy] of [
        [hostToken, hostAgain.entropy],
        [guestToken, shares[1]?.entropy ?? ''],
        [newcomerToken, newcomer.entropy],
      ] as const) {
        expect((await reveal(token, entropy)).status).toBe(200);
      }
      for (const token of [guestToken, newcomerToken]) {
        await call('PATCH', '/seats/me', { ready: true }, token);
      }
      const started = await http<ErrorResponse>(
        server.url,
        'POST',
        `/api/games/${gameId}/start`,
        undefined,
        hostToken,
      );
      expect(started.status).toBe(200);
      const record = (await http<GameRecord>(server.url, 'GET', `/api/games/${gameId}`)).body;
      expect(record.seats.map((s) => s.entropy)).toEqual([
        hostAgain.entropy,
        shares[1]?.entropy,
        newcomer.entropy,
      ]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
