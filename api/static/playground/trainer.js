// The trainer: the referee deals a hand (POST /v1/games, seed in the URL), the person
// picks a move, and the advice on the same view says how it compares with the best.
import { call } from "./api.js";
import { button, card, clear, field, h, select } from "./dom.js";
import { t, tv } from "./i18n.js";
import { bots, sortedHand, viewBody } from "./game.js";
const STORE = "rummy.trainer";
function loadRecord() {
    try {
        const value = JSON.parse(localStorage.getItem(STORE) ?? "");
        if (typeof value.answered === "number" && Array.isArray(value.history))
            return value;
    }
    catch {
        // no record yet
    }
    return { answered: 0, good: 0, history: [] };
}
function figures(row) {
    const extra = Object.entries(row)
        .filter(([k, v]) => typeof v === "number" && !Number.isInteger(v) && k !== "outs")
        .map(([k, v]) => `${k} ${v.toFixed(3)}`);
    return [`${t("cardsNeeded")} ${row.cards_needed ?? t("unreachable")}`, `${t("outs")} ${row.outs}`, ...extra].join(", ");
}
export class Trainer {
    root;
    variant;
    seed;
    onSeed;
    record = loadRecord();
    game = null;
    constructor(root, variant, seed, onSeed) {
        this.root = root;
        this.variant = variant;
        this.seed = seed;
        this.onSeed = onSeed;
    }
    render() {
        const variants = ["liverpool", "rummy40", "israeli", "gin"].map((v) => [v, tv("variant", v)]);
        const variant = select("trainer-variant", variants, this.variant);
        variant.addEventListener("change", () => {
            this.variant = variant.value;
            void this.deal(true);
        });
        const deal = button(t("deal"), { id: "deal", class: "primary" });
        deal.addEventListener("click", () => void this.deal(true));
        clear(this.root, h("section", { class: "trainer", "aria-labelledby": "trainer-title" }, h("h2", { id: "trainer-title" }, t("trainer")), h("p", {}, t("trainerIntro")), h("div", { class: "inline" }, field(t("variant"), variant), deal), h("div", { id: "quiz" }), h("p", { id: "verdict", role: "status", "aria-live": "polite" }), h("section", { "aria-labelledby": "score-title" }, h("h3", { id: "score-title" }, t("score")), h("p", { id: "score" }), h("ol", { id: "history", reversed: true }), this.clearButton())));
        this.scoreboard();
        void this.deal(!this.seed);
    }
    clearButton() {
        const b = button(t("clearHistory"), { class: "secondary" });
        b.addEventListener("click", () => {
            this.record = { answered: 0, good: 0, history: [] };
            localStorage.setItem(STORE, JSON.stringify(this.record));
            this.scoreboard();
        });
        return b;
    }
    scoreboard() {
        const score = document.getElementById("score");
        if (score)
            score.textContent = `${this.record.good} / ${this.record.answered}`;
        const list = document.getElementById("history");
        const named = (e, v) => (e.kind === "draw" ? tv("action", v) : card(v));
        if (list)
            clear(list, this.record.history.slice(0, 10).map((e) => h("li", {}, `${tv("variant", e.variant)} (`, h("bdi", {}, e.seed), "): ", named(e, e.picked), ` / ${t("best")} `, named(e, e.best), ` — ${e.good ? t("asGood") : t("worse")}`)));
    }
    async deal(fresh) {
        if (fresh)
            this.seed = Math.random().toString(36).slice(2, 10);
        this.onSeed(this.variant, this.seed);
        const players = ["human", (bots()[0] ?? "greedy")];
        const answer = await call("/v1/games", { variant: this.variant, players, seed: this.seed });
        const quiz = document.getElementById("quiz");
        if (!quiz)
            return;
        if (!answer.ok) {
            clear(quiz, answer.problem.detail);
            return;
        }
        this.game = answer.data;
        const verdict = document.getElementById("verdict");
        if (verdict)
            verdict.textContent = "";
        this.ask();
    }
    ask() {
        const quiz = document.getElementById("quiz");
        const game = this.game;
        if (!quiz || !game || !game.view || !game.asked)
            return;
        const view = game.view;
        const top = view.discard_pile[view.discard_pile.length - 1];
        const hand = h("p", { class: "cards hand-view", id: "trainer-hand" }, sortedHand(view.hand).map((c) => card(c)));
        if (game.asked.ask === "draw") {
            const take = button(`${t("action_take_discard")} (${top})`, { id: "pick-take", class: "primary" });
            const stock = button(t("action_draw_stock"), { id: "pick-stock", class: "secondary" });
            take.addEventListener("click", () => void this.judgeDraw("take_discard"));
            stock.addEventListener("click", () => void this.judgeDraw("draw_stock"));
            clear(quiz, h("h3", {}, t("pickDraw")), hand, h("p", {}, `${t("topDiscard")}: `, top ? card(top) : t("none")), h("div", { class: "buttons" }, take, stock));
            return;
        }
        const buttons = h("div", { class: "hand", role: "group", "aria-label": t("pickDiscard") }, sortedHand(view.hand).map((c) => {
            const b = button("", { class: "hand-card pick-discard", "data-card": c, "aria-label": `${t("action_discard")} ${c}` });
            b.append(card(c));
            b.addEventListener("click", () => void this.judgeDiscard(c));
            return b;
        }));
        clear(quiz, h("h3", {}, t("pickDiscard")), buttons);
    }
    remember(entry) {
        this.record.answered += 1;
        if (entry.good)
            this.record.good += 1;
        this.record.history.unshift(entry);
        this.record.history = this.record.history.slice(0, 50);
        localStorage.setItem(STORE, JSON.stringify(this.record));
        this.scoreboard();
    }
    async judgeDraw(picked) {
        const game = this.game;
        const advice = await call("/v1/advise", viewBody(game, "draw"));
        const verdict = document.getElementById("verdict");
        if (!advice.ok || !verdict)
            return;
        const best = advice.data.recommendation.action;
        const good = best === picked;
        this.remember({ variant: game.state.variant, seed: game.state.seed, kind: "draw", picked, best, good });
        clear(verdict, `${t("yourPick")}: ${tv("action", picked)}. ${t("best")}: ${tv("action", best)} — `, h("bdi", {}, advice.data.recommendation.reason ?? ""), ` ${good ? t("asGood") : t("worse")}`);
        const next = await call("/v1/games/move", { state: game.state, move: { action: picked } });
        if (next.ok && next.data.asked?.ask === "play") {
            this.game = next.data;
            this.ask();
        }
    }
    async judgeDiscard(picked) {
        const game = this.game;
        const advice = await call("/v1/advise", viewBody(game, "discard"));
        const verdict = document.getElementById("verdict");
        if (!advice.ok || !verdict || advice.data.phase !== "discard")
            return;
        const rows = advice.data.discards;
        const mine = rows.find((r) => r.card === picked);
        const best = rows[0];
        if (!mine || !best)
            return;
        const good = mine.card === best.card || (mine.cards_needed === best.cards_needed && mine.outs === best.outs);
        this.remember({ variant: game.state.variant, seed: game.state.seed, kind: "discard", picked, best: best.card, good });
        clear(verdict, `${t("yourPick")}: `, card(picked), ` (${figures(mine)}). ${t("best")}: `, card(best.card), ` (${figures(best)}). ${good ? t("asGood") : t("worse")}`);
        verdict.dataset["picked"] = picked;
        verdict.dataset["best"] = best.card;
    }
}
