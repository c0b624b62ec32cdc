import { Icon } from './icons';
import { useEffect, useState } from 'preact/hooks';
import { seedMatches } from '../net/seed-check';

/** The seed commitment, and once the game is over the revealed seed checked against it. */
export function SeedBadge({ commitment, seed }: { commitment: string; seed: string | null }) {
  const [verdict, setVerdict] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    setVerdict(undefined);
    if (seed === null) return;
    let alive = true;
    void seedMatches(seed, commitment).then((ok) => {
      if (alive) setVerdict(ok);
    });
    return () => {
      alive = false;
    };
  }, [seed, commitment]);
  return (
    <span class="seed-badge small" title={`Seed commitment (SHA-256): ${commitment}`}>
      {seed === null ? (
        `Dice seed committed: ${commitment.slice(0, 12)}…`
      ) : verdict === undefined ? (
        'Checking the revealed seed…'
      ) : verdict ? (
        <>
          Seed revealed and matches its commitment <Icon name="check" />
        </>
      ) : (
        'The revealed seed does NOT match its commitment'
      )}
    </span>
  );
}
