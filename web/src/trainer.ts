// The trainer: the referee deals a hand (POST /v1/games, seed in the URL), the person
// picks a move, and the advice on the same view says how it compares with the best.
import { call } from "./api.js";
import { button, card, clear, field, h, select } from "./dom.js";
import { t, tv } from "./i18n.js";
import { bots, sortedHand, viewBody } from "./game.js";
import type { AdviseAnswer, GameAnswer, Seat, Variant } from "./types.js";

const STORE = "rummy.trainer";

interface Entry {
  variant: string;
  seed: string;
  kind: "draw" | "discard";
  picked: string;
  best: string;
  good: boolean;
}

interface Record_ {
  answered: number;
  good: number;
  history: Entry[];
}

function loadRecord(): Record_ {
  try {
    const value = JSON.parse(localStorage.getItem(STORE) ?? "") as Record_;
    if (typeof value.answered === "number" && Array.isArray(value.history)) return value;
  } catch {
    // no record yet
  }
  return { answered: 0, good: 0, history: [] };
}

function figures(row: { cards_needed: number | null; outs: number } & Record<string, unknown>): string {
  const extra = Object.entries(row)
    .filter(([k, v]) => typeof v === "number" && !Number.isInteger(v) && k !== "outs")
    .map(([k, v]) => `${k} ${(v as number).toFixed(3)}`);
  return [`${t("cardsNeeded")} ${row.cards_needed ?? t("unreachable")}`, `${t("outs")} ${row.outs}`, ...extra].join(", ");
}

export class Trainer {
  private record = loadRecord();
  private game: GameAnswer | null = null;

  constructor(
    private readonly root: HTMLElement,
    private variant: Variant,
    private seed: string,
    private readonly onSeed: (variant: Variant, seed: string) => void,
  ) {}

  render(): void {
    const variants: [string, string][] = (["liverpool", "rummy40", "israeli", "gin"] as Variant[]).map((v) => [v, tv("variant", v)]);
    const variant = select("trainer-variant", variants, this.variant);
    variant.addEventListener("change", () => {
      this.variant = variant.value as Variant;
      void this.deal(true);
    });
    const deal = button(t("deal"), { id: "deal", class: "primary" });
    deal.addEventListener("click", () => void this.deal(true));
    clear(this.root, h("section", { class: "trainer", "aria-labelledby": "trainer-title" },
      h("h2", { id: "trainer-title" }, t("trainer")),
      h("p", {}, t("trainerIntro")),
      h("div", { class: "inline" }, field(t("variant"), variant), deal),
      h("div", { id: "quiz" }),
      h("p", { id: "verdict", role: "status", "aria-live": "polite" }),
      h("section", { "aria-labelledby": "score-title" }, h("h3", { id: "score-title" }, t("score")),
        h("p", { id: "score" }), h("ol", { id: "history", reversed: true }),
        this.clearButton())));
    this.scoreboard();
    void this.deal(!this.seed);
  }

  private clearButton(): HTMLButtonElement {
    const b = button(t("clearHistory"), { class: "secondary" });
    b.addEventListener("click", () => {
      this.record = { answered: 0, good: 0, history: [] };
      localStorage.setItem(STORE, JSON.stringify(this.record));
      this.scoreboard();
    });
    return b;
  }

  private scoreboard(): void {
    const score = document.getElementById("score");
    if (score) score.textContent = `${this.record.good} / ${this.record.answered}`;
    const list = document.getElementById("history");
    const named = (e: Entry, v: string): string | HTMLElement => (e.kind === "draw" ? tv("action", v) : card(v));
    if (list) clear(list, this.record.history.slice(0, 10).map((e) => h("li", {},
      `${tv("variant", e.variant)} (`, h("bdi", {}, e.seed), "): ", named(e, e.picked), ` / ${t("best")} `,
      named(e, e.best), ` — ${e.good ? t("asGood") : t("worse")}`)));
  }

  private async deal(fresh: boolean): Promise<void> {
    if (fresh) this.seed = Math.random().toString(36).slice(2, 10);
    this.onSeed(this.variant, this.seed);
    const players: Seat[] = ["human", (bots()[0] ?? "greedy") as Seat];
    const answer = await call<GameAnswer>("/v1/games", { variant: this.variant, players, seed: this.seed });
    const quiz = document.getElementById("quiz");
    if (!quiz) return;
    if (!answer.ok) {
      clear(quiz, answer.problem.detail);
      return;
    }
    this.game = answer.data;
    const verdict = document.getElementById("verdict");
    if (verdict) verdict.textContent = "";
    this.ask();
  }

  private ask(): void {
    const quiz = document.getElementById("quiz");
    const game = this.game;
    if (!quiz || !game || !game.view || !game.asked) return;
    const view = game.view;
    const top = view.discard_pile[view.discard_pile.length - 1];
    const hand = h("p", { class: "cards hand-view", id: "trainer-hand" }, sortedHand(view.hand).map((c) => card(c)));
    if (game.asked.ask === "draw") {
      const take = button(`${t("action_take_discard")} (${top})`, { id: "pick-take", class: "primary" });
      const stock = button(t("action_draw_stock"), { id: "pick-stock", class: "secondary" });
      take.addEventListener("click", () => void this.judgeDraw("take_discard"));
      stock.addEventListener("click", () => void this.judgeDraw("draw_stock"));
      clear(quiz, h("h3", {}, t("pickDraw")), hand, h("p", {}, `${t("topDiscard")}: `, top ? card(top) : t("none")),
        h("div", { class: "buttons" }, take, stock));
      return;
    }
    const buttons = h("div", { class: "hand", role: "group", "aria-label": t("pickDiscard") },
      sortedHand(view.hand).map((c) => {
        const b = button("", { class: "hand-card pick-discard", "data-card": c, "aria-label": `${t("action_discard")} ${c}` });
        b.append(card(c));
        b.addEventListener("click", () => void this.judgeDiscard(c));
        return b;
      }));
    clear(quiz, h("h3", {}, t("pickDiscard")), buttons);
  }

  private remember(entry: Entry): void {
    this.record.answered += 1;
    if (entry.good) this.record.good += 1;
    this.record.history.unshift(entry);
    this.record.history = this.record.history.slice(0, 50);
    localStorage.setItem(STORE, JSON.stringify(this.record));
    this.scoreboard();
  }

  private async judgeDraw(picked: "take_discard" | "draw_stock"): Promise<void> {
    const game = this.game as GameAnswer;
    const advice = await call<AdviseAnswer>("/v1/advise", viewBody(game, "draw"));
    const verdict = document.getElementById("verdict");
    if (!advice.ok || !verdict) return;
    const best = advice.data.recommendation.action;
    const good = best === picked;
    this.remember({ variant: game.state.variant, seed: game.state.seed, kind: "draw", picked, best, good });
    clear(verdict, `${t("yourPick")}: ${tv("action", picked)}. ${t("best")}: ${tv("action", best)} — `,
      h("bdi", {}, advice.data.recommendation.reason ?? ""), ` ${good ? t("asGood") : t("worse")}`);
    const next = await call<GameAnswer>("/v1/games/move", { state: game.state, move: { action: picked } });
    if (next.ok && next.data.asked?.ask === "play") {
      this.game = next.data;
      this.ask();
    }
  }

  private async judgeDiscard(picked: string): Promise<void> {
    const game = this.game as GameAnswer;
    const advice = await call<AdviseAnswer>("/v1/advise", viewBody(game, "discard"));
    const verdict = document.getElementById("verdict");
    if (!advice.ok || !verdict || advice.data.phase !== "discard") return;
    const rows = advice.data.discards as ({ card: string; cards_needed: number | null; outs: number } & Record<string, unknown>)[];
    const mine = rows.find((r) => r.card === picked);
    const best = rows[0];
    if (!mine || !best) return;
    const good = mine.card === best.card || (mine.cards_needed === best.cards_needed && mine.outs === best.outs);
    this.remember({ variant: game.state.variant, seed: game.state.seed, kind: "discard", picked, best: best.card, good });
    clear(verdict, `${t("yourPick")}: `, card(picked), ` (${figures(mine)}). ${t("best")}: `, card(best.card),
      ` (${figures(best)}). ${good ? t("asGood") : t("worse")}`);
    verdict.dataset["picked"] = picked;
    verdict.dataset["best"] = best.card;
  }
}
