/**
 * A short two-note chime made with the Web Audio API: no sound file to ship or load. Browsers allow
 * sound only after the page has had a click; before that this stays silent rather than failing.
 */
export function playChime(): void {
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  if (context.state === 'suspended') {
    void context.close();
    return;
  }
  const start = context.currentTime;
  for (const [index, frequency] of [880, 1320].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + index * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.2, start + index * 0.15 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + index * 0.15 + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + index * 0.15);
    oscillator.stop(start + index * 0.15 + 0.32);
  }
  setTimeout(() => void context.close(), 1_000);
}
