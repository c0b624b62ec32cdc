/** Planets the political rules name (catalogue names, as in `GameState.planets`). */
export const MECATOL_REX = 'Mecatol Rex';
export const HOPES_END = 'Hopes End';
