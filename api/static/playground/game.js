// A hand against the bots: POST /v1/games and /v1/games/move. The referee judges every
// move; the page only gathers the person's choice and shows the verdict.
import { call } from "./api.js";
import { button, card, cards, clear, field, h, select } from "./dom.js";
import { t, tv } from "./i18n.js";
const ASK_PHASE = { draw: "draw", buy: "buy", play: "discard", rummy: "buy" };
const SAVED = "rummy.game";
export function bots() {
    const meta = document.querySelector('meta[name="rummy-bots"]');
    return (meta?.getAttribute("content") ?? "").split(/\s+/).filter(Boolean);
}
/** The advice request for the person's view now (the hint, and the trainer's reference). */
export function viewBody(answer, phase) {
    const view = answer.view;
    const body = {
        variant: answer.state.variant,
        hand: view.hand,
        table: view.table,
        discard_pile: view.discard_pile,
        seen: view.seen,
        down: view.down,
        phase,
    };
    if (view.round !== null)
        body.round = view.round;
    // the others' hand sizes, the next seat first: every player at the table sees them
    const n = view.hand_sizes.length;
    body.opponent_hand_sizes = Array.from({ length: n - 1 }, (_, k) => view.hand_sizes[(answer.seat + k + 1) % n] ?? 0);
    // the discard taken this turn, which the rules may oblige laying down now
    if (view.obliged)
        body.taken_discard = view.obliged;
    if (Object.keys(answer.state.rules).length)
        body.rules = answer.state.rules;
    return body;
}
export function sortedHand(hand) {
    const rank = "A23456789TJQK";
    const suit = "SHDC";
    const key = (c) => (c === "JK" ? 99 : suit.indexOf(c[1] ?? "") * 20 + rank.indexOf(c[0] ?? ""));
    return [...hand].sort((a, b) => key(a) - key(b));
}
export class Game {
    root;
    variant;
    seed;
    onSeed;
    answer = null;
    selected = new Set();
    draft = { melds: [], layoffs: [], swaps: [] };
    log = [];
    message = "";
    constructor(root, variant, seed, onSeed) {
        this.root = root;
        this.variant = variant;
        this.seed = seed;
        this.onSeed = onSeed;
        const saved = sessionStorage.getItem(SAVED);
        if (saved) {
            const parsed = JSON.parse(saved);
            if (parsed.state.seed === seed && parsed.state.variant === variant)
                this.answer = parsed;
        }
    }
    render() {
        if (!this.answer)
            return this.setup();
        this.table();
    }
    setup() {
        const variants = ["liverpool", "rummy40", "israeli", "gin"].map((v) => [v, tv("variant", v)]);
        const variant = select("game-variant", variants, this.variant);
        const names = bots();
        const seatCount = h("input", { type: "number", id: "seat-count", min: 2, max: 6, value: this.variant === "gin" ? 2 : 3 });
        const seats = h("div", { class: "seats" });
        const drawSeats = () => {
            const n = Math.max(2, Math.min(6, parseInt(seatCount.value, 10) || 2));
            clear(seats, Array.from({ length: n - 1 }, (_, i) => field(`${t("seat")} ${i + 1}`, select(`seat-${i + 1}`, names.map((b) => [b, b]), names[0] ?? ""))));
        };
        variant.addEventListener("change", () => {
            seatCount.value = variant.value === "gin" ? "2" : "3";
            drawSeats();
        });
        seatCount.addEventListener("change", drawSeats);
        drawSeats();
        const seed = h("input", { type: "text", id: "game-seed", value: this.seed, autocomplete: "off", dir: "ltr" });
        const start = button(t("start"), { id: "start-game", class: "primary" });
        const status = h("p", { role: "status", "aria-live": "polite", id: "game-status" });
        start.addEventListener("click", async () => {
            const players = ["human"];
            seats.querySelectorAll("select").forEach((s) => players.push(s.value));
            this.variant = variant.value;
            const body = { variant: this.variant, players };
            if (seed.value.trim())
                body.seed = seed.value.trim();
            status.textContent = t("waiting");
            const answer = await call("/v1/games", body);
            if (!answer.ok) {
                status.textContent = `${t("error")}: ${answer.problem.detail}`;
                return;
            }
            this.seed = answer.data.state.seed;
            this.onSeed(this.variant, this.seed);
            this.log = [];
            this.accept(answer.data);
        });
        clear(this.root, h("section", { class: "game-setup", "aria-labelledby": "setup-title" }, h("h2", { id: "setup-title" }, t("play")), h("form", { class: "setup" }, field(t("variant"), variant), field(t("players"), seatCount), h("p", {}, `${t("seat")} 0: ${t("you")}`), seats, field(t("seed"), seed), start, status)));
        this.root.querySelector("form")?.addEventListener("submit", (e) => e.preventDefault());
    }
    accept(answer) {
        this.answer = answer;
        sessionStorage.setItem(SAVED, JSON.stringify(answer));
        this.selected.clear();
        this.draft = { melds: [], layoffs: [], swaps: [] };
        for (const m of answer.moves)
            this.log.push(this.describe(m));
        this.render();
        if (answer.status === "bots_to_move")
            void this.send({ action: "continue" });
    }
    async send(move) {
        if (!this.answer)
            return;
        this.message = t("waiting");
        this.status();
        const answer = await call("/v1/games/move", { state: this.answer.state, move });
        if (!answer.ok) {
            this.message = `${t("refused")}: ${answer.problem.detail}`;
            this.status();
            return;
        }
        this.message = "";
        this.accept(answer.data);
    }
    status() {
        const el = document.getElementById("game-status");
        if (el)
            el.textContent = this.message;
    }
    describe(m) {
        const who = m.seat === this.answer?.seat ? t("you") : `${t("seat")} ${m.seat} (${this.answer?.players[m.seat]})`;
        const parts = [];
        if (m.action === "take_discard")
            parts.push(`${t("took")} ${m.card}`);
        else if (m.action === "draw_stock")
            parts.push(t("drew"));
        else if (m.action === "buy")
            parts.push(`${t("bought")} ${m.card}`);
        else if (m.action === "call_rummy")
            parts.push(`${t("called")} ${m.card}`);
        else if (m.action === "pass")
            parts.push(`${t("passed")} ${m.card ?? ""}`);
        else {
            for (const meld of m.melds ?? [])
                parts.push(`${t("laid")} ${meld.cards.join(" ")}`);
            for (const l of m.layoffs ?? [])
                parts.push(`${t("laidOff")} ${l.card} → #${l.onto}`);
            for (const s of m.joker_swaps ?? [])
                parts.push(`${t("swapped")} ${s.cards.join(" ")} (#${s.onto})`);
            if (m.knock)
                parts.push(t("knocked"));
            if (m.discard)
                parts.push(`${t("threw")} ${m.discard}`);
            if (m.action === "defend" && !parts.length)
                parts.push(t("defended"));
        }
        return `${who}: ${parts.join(", ")}`;
    }
    hand() {
        return this.answer?.view?.hand ?? [];
    }
    table() {
        const a = this.answer;
        const view = a.view;
        const sections = [];
        sections.push(h("p", { id: "game-status", class: "status", role: "status", "aria-live": "polite" }, this.message));
        sections.push(h("section", { class: "seats-board", "aria-labelledby": "seats-title" }, h("h3", { id: "seats-title" }, t("players")), h("ul", {}, a.players.map((p, s) => h("li", { class: s === a.turn ? "turn" : "", "aria-current": s === a.turn ? "true" : undefined }, `${t("seat")} ${s}: ${s === a.seat ? t("you") : p}`, view ? ` — ${view.hand_sizes[s]} ${t("handSize")}` : "", s === a.turn ? ` (${t("turn")})` : "")))));
        if (view) {
            const top = view.discard_pile[view.discard_pile.length - 1];
            sections.push(h("section", { class: "felt", "aria-labelledby": "felt-title" }, h("h3", { id: "felt-title" }, t("felt")), view.table.length ? h("ol", { class: "melds table-melds", start: 0 }, view.table.map((m, i) => h("li", { "data-index": i }, `#${i} `, cards(m.cards)))) : h("p", {}, t("noMelds")), h("p", {}, `${t("topDiscard")}: `, top ? card(top) : t("none"), ` · ${t("stock")}: ${a.stock}`), view.round !== null ? h("p", {}, `${t("round")} ${view.round}`) : null));
            sections.push(this.handSection(view));
            if (a.asked)
                sections.push(this.askSection(a));
        }
        if (a.status === "bots_to_move") {
            const b = button(t("continue"), { class: "primary" });
            b.addEventListener("click", () => void this.send({ action: "continue" }));
            sections.push(h("p", {}, t("botsToMove"), " ", b));
        }
        if (a.rounds.length)
            sections.push(this.roundsSection(a));
        sections.push(h("section", { class: "log", "aria-labelledby": "log-title" }, h("h3", { id: "log-title" }, t("moves")), h("ol", { id: "move-log", "aria-live": "polite", tabindex: 0, "aria-labelledby": "log-title" }, this.log.slice(-30).map((line) => h("li", {}, h("bdi", {}, line))))));
        const again = button(t("newGame"), { class: "secondary", id: "new-game" });
        again.addEventListener("click", () => {
            this.answer = null;
            sessionStorage.removeItem(SAVED);
            this.seed = "";
            this.render();
        });
        sections.push(again);
        clear(this.root, h("div", { class: "game" }, sections));
    }
    handSection(view) {
        const list = h("div", { class: "hand", role: "group", "aria-label": t("yourHand") });
        const order = sortedHand(view.hand);
        const used = new Set();
        order.forEach((code) => {
            const i = view.hand.findIndex((c, k) => c === code && !used.has(k));
            used.add(i);
            const b = button("", { class: "hand-card", "aria-pressed": this.selected.has(i) ? "true" : "false", "data-card": code, "aria-label": `${code}${this.selected.has(i) ? ` (${t("selected")})` : ""}` });
            b.append(card(code));
            b.addEventListener("click", () => {
                if (this.selected.has(i))
                    this.selected.delete(i);
                else
                    this.selected.add(i);
                this.table();
                this.root.querySelector(`.hand-card[data-card="${code}"][aria-pressed]`)?.focus();
            });
            list.append(b);
        });
        return h("section", { "aria-labelledby": "hand-title" }, h("h3", { id: "hand-title" }, t("yourHand")), list, view.obliged ? h("p", {}, "→ ", card(view.obliged)) : null);
    }
    picked() {
        const hand = this.hand();
        return [...this.selected].map((i) => hand[i] ?? "").filter(Boolean);
    }
    askSection(a) {
        const asked = a.asked;
        const view = a.view;
        const top = view.discard_pile[view.discard_pile.length - 1] ?? "";
        const actions = h("div", { class: "buttons" });
        const add = (label, move, id, primary = false) => {
            const b = button(label, { id, class: primary ? "primary" : "secondary" });
            b.addEventListener("click", () => {
                const m = move();
                if (m)
                    void this.send(m);
            });
            actions.append(b);
        };
        for (const action of asked.actions) {
            if (action === "take_discard")
                add(`${t("action_take_discard")} (${top})`, () => ({ action }), "act-take", true);
            else if (action === "draw_stock")
                add(t("action_draw_stock"), () => ({ action }), "act-stock");
            else if (action === "buy")
                add(`${t("action_buy")} ${top}`, () => ({ action }), "act-buy");
            else if (action === "call_rummy")
                add(`Rummy ${top}`, () => ({ action }), "act-rummy");
            else if (action === "pass")
                add(t("action_pass"), () => ({ action }), "act-pass");
        }
        const parts = [h("h3", { id: "ask-title" }, t("asked")), h("p", {}, tv("ask", asked.ask))];
        if (asked.ask === "play" || asked.ask === "defend")
            parts.push(this.composer(asked.ask, asked.knock?.melds ?? view.table));
        if (asked.knock)
            parts.push(h("p", {}, `${t("knocked")}: `, ...asked.knock.melds.map((m) => cards(m.cards))));
        parts.push(actions);
        parts.push(this.hintBox(a, asked.ask));
        return h("section", { class: "ask", "aria-labelledby": "ask-title" }, parts);
    }
    composer(ask, targets) {
        const d = this.draft;
        const box = h("div", { class: "composer" });
        const meld = button(t("makeMeld"), { id: "make-meld", class: "secondary" });
        meld.addEventListener("click", () => {
            const picked = this.picked();
            if (picked.length)
                d.melds.push(picked);
            this.selected.clear();
            this.table();
        });
        box.append(meld);
        const all = [...targets, ...d.melds.map((m) => ({ cards: m }))];
        if (all.length) {
            const onto = select("layoff-onto", all.map((m, i) => [String(i), `#${i} ${m.cards.join(" ")}`]), "0");
            const lay = button(t("layOffOnto"), { id: "lay-off", class: "secondary" });
            lay.addEventListener("click", () => {
                for (const c of this.picked())
                    d.layoffs.push({ card: c, onto: parseInt(onto.value, 10) });
                this.selected.clear();
                this.table();
            });
            box.append(h("div", { class: "inline" }, lay, field(t("onto"), onto)));
            if (ask === "play") {
                const swapOnto = select("swap-onto", targets.map((m, i) => [String(i), `#${i} ${m.cards.join(" ")}`]), "0");
                const swap = button(t("swapOnto"), { id: "swap", class: "secondary" });
                swap.addEventListener("click", () => {
                    const picked = this.picked();
                    if (picked.length)
                        d.swaps.push({ onto: parseInt(swapOnto.value, 10), cards: picked });
                    this.selected.clear();
                    this.table();
                });
                if (targets.length)
                    box.append(h("div", { class: "inline" }, swap, field(t("meld"), swapOnto)));
            }
        }
        const planned = h("ul", { class: "draft", id: "draft" }, d.melds.map((m) => h("li", {}, `${t("meld")}: `, cards(m))), d.layoffs.map((l) => h("li", {}, `${t("layoffs")}: `, card(l.card), ` → #${l.onto}`)), d.swaps.map((s) => h("li", {}, `${t("jokerSwaps")}: `, cards(s.cards), ` #${s.onto}`)));
        const clearDraft = button(t("clearPlay"), { class: "secondary", id: "clear-draft" });
        clearDraft.addEventListener("click", () => {
            this.draft = { melds: [], layoffs: [], swaps: [] };
            this.table();
        });
        const finish = h("div", { class: "buttons" });
        const move = (discard, knock = false) => ({
            action: ask === "defend" ? "defend" : "play",
            melds: d.melds.map((m) => ({ cards: m })),
            layoffs: d.layoffs,
            joker_swaps: d.swaps,
            discard,
            knock,
        });
        if (ask === "play") {
            const discard = button(t("discardSelected"), { id: "discard", class: "primary" });
            discard.addEventListener("click", () => {
                const picked = this.picked();
                if (picked.length !== 1) {
                    this.message = t("pickDiscard");
                    this.status();
                    return;
                }
                void this.send(move(picked[0] ?? null));
            });
            finish.append(discard);
            if (this.answer?.state.variant === "gin") {
                const knock = button(t("knockSelected"), { id: "knock", class: "secondary" });
                knock.addEventListener("click", () => {
                    const picked = this.picked();
                    if (picked.length === 1)
                        void this.send(move(picked[0] ?? null, true));
                });
                finish.append(knock);
            }
            const out = button(t("goOutNoDiscard"), { id: "go-out", class: "secondary" });
            out.addEventListener("click", () => void this.send(move(null)));
            finish.append(out);
        }
        else {
            const defend = button(t("defend"), { id: "defend", class: "primary" });
            defend.addEventListener("click", () => void this.send(move(null)));
            finish.append(defend);
        }
        box.append(planned, clearDraft, finish);
        return box;
    }
    hintBox(a, ask) {
        const out = h("div", { class: "hint", "aria-live": "polite", id: "hint" });
        const phase = ASK_PHASE[ask];
        if (!phase)
            return out;
        const hint = button(t("hint"), { id: "hint-button", class: "secondary" });
        hint.addEventListener("click", async () => {
            const answer = await call("/v1/advise", viewBody(a, phase));
            if (!answer.ok) {
                clear(out, answer.problem.detail);
                return;
            }
            const rec = answer.data.recommendation;
            const use = button(t("useHint"), { class: "secondary", id: "use-hint" });
            use.addEventListener("click", () => this.useAdvice(answer.data, ask));
            clear(out, h("p", {}, h("strong", {}, tv("action", rec.action)), " ", rec.card ? card(rec.card) : null, " — ", h("bdi", {}, rec.reason ?? "")), use);
        });
        return h("div", {}, hint, out);
    }
    useAdvice(advice, ask) {
        const rec = advice.recommendation;
        if (ask !== "play") {
            const yes = { take_discard: "take_discard", draw_stock: "draw_stock", buy: ask === "rummy" ? "call_rummy" : "buy", pass: "pass" };
            const action = yes[rec.action];
            if (action)
                void this.send({ action });
            return;
        }
        const lay = advice.phase === "discard" ? advice.lay_down : null;
        void this.send({
            action: "play",
            melds: lay ? lay.melds.map((m) => ({ cards: m.cards })) : [],
            layoffs: lay ? lay.layoffs : [],
            joker_swaps: [],
            discard: rec.card ?? null,
            knock: Boolean(lay && this.answer?.state.variant === "gin" && rec.action === "go_out"),
        });
    }
    roundsSection(a) {
        const head = h("tr", {}, h("th", { scope: "col" }, t("round")), h("th", { scope: "col" }, t("finish")), h("th", { scope: "col" }, t("winner")), ...a.players.map((_, s) => h("th", { scope: "col" }, `${t("seat")} ${s}`)));
        const rows = a.rounds.map((r, i) => h("tr", {}, h("th", { scope: "row" }, String(r.round ?? i + 1)), h("td", {}, tv("finish", r.finish)), h("td", {}, r.winner === null ? "—" : String(r.winner)), ...r.penalties.map((p) => h("td", {}, String(p)))));
        const result = a.result;
        return h("section", { class: "rounds", "aria-labelledby": "rounds-title" }, h("h3", { id: "rounds-title" }, result ? t("gameOver") : t("roundOver")), h("div", { class: "table-wrap" }, h("table", { id: "rounds" }, h("caption", {}, t("penalties")), h("thead", {}, head), h("tbody", {}, rows))), result ? h("p", { id: "result" }, `${t("totals")}: ${result.totals.join(" · ")} — ${t("winners")}: `, result.winners.map((s) => (s === a.seat ? t("you") : `${t("seat")} ${s}`)).join(", ")) : null);
    }
}
