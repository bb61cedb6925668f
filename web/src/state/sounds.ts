/**
 * Sound effects, made with Web Audio (no files to load): off by default, turned on in Settings.
 * Each is a short tone or two shaped by an envelope. The audio context starts on the first
 * sound after the player turned sounds on (a click: browsers let audio start then).
 */
import type { MoveKind } from "../logic/moves";
import { soundEffects } from "./settings";

type Sound = MoveKind | "hit";

/** Each sound: its notes (Hz), note length (s) and wave. */
const SOUNDS: Record<Sound, { notes: number[]; length: number; wave: OscillatorType; volume: number }> = {
  draw: { notes: [660], length: 0.08, wave: "triangle", volume: 0.12 },
  play: { notes: [440, 554], length: 0.09, wave: "triangle", volume: 0.14 },
  attack: { notes: [220, 147], length: 0.12, wave: "sawtooth", volume: 0.1 },
  hit: { notes: [180], length: 0.16, wave: "square", volume: 0.08 },
  family: { notes: [523, 659, 784, 1047], length: 0.14, wave: "triangle", volume: 0.16 },
  pass: { notes: [392], length: 0.06, wave: "sine", volume: 0.1 },
  hand: { notes: [392, 523], length: 0.12, wave: "sine", volume: 0.12 },
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = typeof window !== "undefined" ? window.AudioContext : undefined;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** Plays a sound if the player turned sounds on (silently nothing otherwise). */
export function playSound(kind: Sound): void {
  if (!soundEffects.value) return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume();
  const spec = SOUNDS[kind];
  let t = ctx.currentTime;
  for (const frequency of spec.notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = spec.wave;
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(spec.volume, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + spec.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + spec.length + 0.02);
    t += spec.length * 0.8;
  }
}
