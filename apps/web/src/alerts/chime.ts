/** A short two-note chime through Web Audio: nothing to download, nothing to decode. */
export function chime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (Context === undefined) return;
  const audio = new Context();
  const start = audio.currentTime;
  for (const [i, frequency] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, start + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.18 + 0.16);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + i * 0.18);
    tone.stop(start + i * 0.18 + 0.17);
  }
  setTimeout(() => {
    void audio.close();
  }, 600);
}
