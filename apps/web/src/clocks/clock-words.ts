/** Time left on a turn clock, as a player reads it: "23:59:30", "2 d 03:00:00", "out of time". */
export function clockWords(leftMs: number): string {
  if (leftMs <= 0) return 'out of time';
  const total = Math.floor(leftMs / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${String(days)} d ${hms}` : hms;
}
