import type { GameView } from '@outer-rim/rules';

const DEFAULT_MAX_VIEWS = 200;

/**
 * The boards of a running game's replay, asked of the server one step at a time as the viewer
 * reaches them. A past step never changes, so a view once fetched is kept (the least recently
 * used go first past `max`) and a step asked for twice while in flight is fetched once.
 */
export class RemoteViews {
  readonly #views = new Map<number, GameView>();
  readonly #pending = new Map<number, Promise<GameView>>();
  /** how many requests went to the server */
  fetched = 0;

  constructor(
    private readonly fetchView: (seq: number) => Promise<GameView>,
    private readonly max = DEFAULT_MAX_VIEWS,
  ) {}

  /** The view after `seq` actions if it is already here. */
  get(seq: number): GameView | undefined {
    const view = this.#views.get(seq);
    if (view !== undefined) this.#remember(seq, view);
    return view;
  }

  load(seq: number): Promise<GameView> {
    const held = this.get(seq);
    if (held !== undefined) return Promise.resolve(held);
    const pending = this.#pending.get(seq);
    if (pending !== undefined) return pending;
    this.fetched++;
    const request = this.fetchView(seq).then(
      (view) => {
        this.#pending.delete(seq);
        this.#remember(seq, view);
        return view;
      },
      (error: unknown) => {
        // A failed step is asked again next time rather than remembered as failed.
        this.#pending.delete(seq);
        throw error;
      },
    );
    this.#pending.set(seq, request);
    return request;
  }

  #remember(seq: number, view: GameView): void {
    this.#views.delete(seq);
    if (this.#views.size >= this.max) {
      const oldest = this.#views.keys().next();
      if (!oldest.done) this.#views.delete(oldest.value);
    }
    this.#views.set(seq, view);
  }
}
