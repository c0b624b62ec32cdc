/** One sentence for a game's options as the lobby record carries them (shape not trusted). */
export function describeOptions(options: Record<string, unknown>, seats: number): string {
  const parts = [`${seats} players`];
  parts.push(options['variant'] === 'long-parsecs' ? 'Long Parsecs' : 'standard map');
  const galaxy = options['galaxy'];
  const mode =
    typeof galaxy === 'object' && galaxy !== null
      ? (galaxy as Record<string, unknown>)['mode']
      : undefined;
  parts.push(
    mode === 'build'
      ? 'galaxy built by the players'
      : mode === 'map-string'
        ? 'galaxy from a map string'
        : 'galaxy built automatically',
  );
  parts.push(options['shockForces'] === false ? 'no Shock Forces' : 'Shock Forces');
  parts.push(options['leaders'] === false ? 'no leaders' : 'leaders');
  const limit = options['roundLimit'];
  if (typeof limit === 'number')
    parts.push(`${limit === 1 ? '1 round' : `${limit} rounds`} at most`);
  const handOver = options['handOverAfterSeconds'];
  if (typeof handOver === 'number') {
    parts.push(`a bot plays for a player away longer than ${duration(handOver)}`);
  }
  const clock = options['turnClock'];
  if (typeof clock === 'object' && clock !== null) {
    const { bankSeconds, bonusSeconds, onExpiry } = clock as Record<string, unknown>;
    if (typeof bankSeconds === 'number') {
      const bonus =
        typeof bonusSeconds === 'number' && bonusSeconds > 0
          ? ` plus ${hours(bonusSeconds)} a round`
          : '';
      parts.push(
        `turn clock of ${hours(bankSeconds)}${bonus}, then ${onExpiry === 'bot' ? 'a bot plays the seat' : 'the table waits'}`,
      );
    }
  }
  return parts.join(' · ');
}

function hours(seconds: number): string {
  const h = Math.round((seconds / 3600) * 10) / 10;
  return h === 1 ? '1 hour' : `${String(h)} hours`;
}

function duration(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
