import type { GameView } from '@outer-rim/rules';
import { useEffect, useState } from 'preact/hooks';
import { Api, ApiError } from '../net/api';
import { loadPublicLog } from '../net/public-log';
import { StoryCharts } from './story-charts';
import { roundEnds, storyOf } from './story-figures';

const defaultApi = new Api();

interface Loaded {
  readonly ends: readonly { readonly round: number; readonly view: GameView }[];
  /** The last board of the log, when no view is given. */
  readonly last: GameView | undefined;
}

/**
 * "The story of the game" for any viewer: the public log says where each round ended, the
 * server's spectator views at those steps give the figures (nothing hidden reaches the charts),
 * and `view`, when given, is the round now. Loaded when first opened, and again when a round ends.
 */
export function GameStory({
  gameId,
  view,
  open = false,
  api = defaultApi,
  viewAt,
}: {
  gameId: string;
  view?: GameView | undefined;
  open?: boolean;
  api?: Api;
  /** The spectator's view after `seq`, where the page holds it already (a replay); else asked of the server. */
  viewAt?: ((seq: number) => Promise<GameView>) | undefined;
}) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  // Nothing is asked of the server until the story is opened.
  const [shown, setShown] = useState(open);
  const round = view?.round;

  useEffect(() => {
    if (!shown) return undefined;
    let alive = true;
    const spectatorView =
      viewAt ?? ((seq: number) => api.replayView(gameId, seq).then((r) => r.view as GameView));
    loadPublicLog(api, gameId)
      .then(async ({ entries }) => {
        const ends = await Promise.all(
          roundEnds(entries).map(async (e) => ({
            round: e.round,
            view: await spectatorView(e.seq),
          })),
        );
        const lastSeq = entries.at(-1)?.seq ?? 0;
        const last = view === undefined ? await spectatorView(lastSeq) : undefined;
        if (alive) setLoaded({ ends, last });
      })
      .catch((e: unknown) => {
        if (alive) setError(e instanceof ApiError ? e.message : 'The story could not be loaded.');
      });
    return () => {
      alive = false;
    };
  }, [api, gameId, round, viewAt, shown]);

  const now = view ?? loaded?.last;
  return (
    <details
      class="panel story"
      data-testid="story"
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open) setShown(true);
      }}
    >
      <summary>The story of the game</summary>
      {error !== undefined ? (
        <p class="error">{error}</p>
      ) : loaded === undefined || now === undefined ? (
        <p class="faint">Loading the rounds…</p>
      ) : (
        <StoryCharts story={storyOf(loaded.ends, now)} />
      )}
    </details>
  );
}
