// The situation in the URL: every board is a link. Cards are space-separated (`+`).
import type { Phase, Variant } from "./types.js";

export type Mode = "board" | "validate" | "trainer" | "play";
export const MODES: Mode[] = ["board", "validate", "trainer", "play"];

export interface Situation {
  variant: Variant;
  round: number;
  hand: string;
  pile: string;
  seen: string;
  others: string;
  table: string;
  down: boolean;
  phase: Phase;
  rules: Record<string, unknown>;
  melds: string;
  layoffs: string;
  swaps: string;
  action: string;
}

export interface Place {
  mode: Mode;
  lang: string | null;
  seed: string;
  situation: Situation;
}

const VARIANTS: Variant[] = ["liverpool", "rummy40", "israeli", "rummikub", "gin"];
const PHASES: Phase[] = ["discard", "draw", "buy", "play"];

export function blank(variant: Variant = "gin"): Situation {
  return {
    variant, round: 1, hand: "", pile: "", seen: "", others: "", table: "", down: false, phase: "discard",
    rules: {}, melds: "", layoffs: "", swaps: "", action: "check",
  };
}

function parseRules(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function readPlace(search: string): Place {
  const q = new URLSearchParams(search);
  const variant = VARIANTS.find((v) => v === q.get("variant")) ?? "gin";
  const s = blank(variant);
  s.round = Math.max(1, parseInt(q.get("round") ?? "1", 10) || 1);
  s.hand = q.get("hand") ?? "";
  s.pile = q.get("pile") ?? "";
  s.seen = q.get("seen") ?? "";
  s.others = q.get("others") ?? "";
  s.table = q.get("table") ?? "";
  s.down = q.get("down") === "true" || q.get("down") === "1";
  s.phase = PHASES.find((p) => p === q.get("phase")) ?? "discard";
  s.rules = parseRules(q.get("rules"));
  s.melds = q.get("melds") ?? "";
  s.layoffs = q.get("layoffs") ?? "";
  s.swaps = q.get("swaps") ?? "";
  s.action = q.get("action") ?? "check";
  const mode = MODES.find((m) => m === q.get("mode")) ?? "board";
  return { mode, lang: q.get("lang"), seed: q.get("seed") ?? "", situation: s };
}

export function writePlace(place: Place, lang: string): string {
  const q = new URLSearchParams();
  const s = place.situation;
  if (place.mode !== "board") q.set("mode", place.mode);
  q.set("variant", s.variant);
  if (s.variant === "liverpool") q.set("round", String(s.round));
  if (place.mode === "board" || place.mode === "validate") {
    if (s.hand) q.set("hand", s.hand.trim());
    if (s.pile) q.set("pile", s.pile.trim());
    if (s.seen) q.set("seen", s.seen.trim());
    if (s.table) q.set("table", s.table.trim());
    if (s.down) q.set("down", "true");
    if (place.mode === "board" && s.phase !== "discard") q.set("phase", s.phase);
    if (place.mode === "board" && s.others) q.set("others", s.others.trim());
    if (Object.keys(s.rules).length) q.set("rules", JSON.stringify(s.rules));
  }
  if (place.mode === "validate") {
    if (s.melds) q.set("melds", s.melds.trim());
    if (s.layoffs) q.set("layoffs", s.layoffs.trim());
    if (s.swaps) q.set("swaps", s.swaps.trim());
    if (s.action !== "check") q.set("action", s.action);
  }
  if ((place.mode === "trainer" || place.mode === "play") && place.seed) q.set("seed", place.seed);
  q.set("lang", lang);
  return `?${q.toString()}`;
}

/** Card tokens of a space- or comma-separated list, as typed (the API reads them). */
export function tokens(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

export function melds(text: string, separator: RegExp): string[][] {
  return text.split(separator).map(tokens).filter((m) => m.length);
}
