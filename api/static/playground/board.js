// The analysis board and the validate mode: the situation as a form, the API's answer
// drawn as it comes. The page judges nothing itself: every figure is the API's.
import { call, curl } from "./api.js";
import { button, byId, card, cards, clear, field, h, select, yesNo } from "./dom.js";
import { t, tv } from "./i18n.js";
import { melds, tokens } from "./url.js";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];
// the rule values offered as inputs (the others stay as the preset has them)
const INT_RULES = [
    "decks", "jokers", "set_min", "set_max", "run_min", "set_min_naturals", "run_min_naturals",
    "max_wilds_per_meld", "hand_size", "opening_min", "knock_max", "max_buys",
];
const FLAG_RULES = ["set_distinct_suits", "require_run", "joker_release", "hand_rummy"];
const ACTIONS = ["check", "go_down", "open", "meld", "win", "hand_rummy"];
const DEBOUNCE_MS = 40;
export function preset(catalog, s) {
    return catalog.variants[s.variant];
}
/** The phases the page offers under ``rules``, as solver.phases reads them from the rule
 * fields: one phase, play, where a turn lays tiles or draws (play_or_draw); otherwise the
 * discard and the draw, and the buy where the rules have buying. */
export function phasesOf(rules) {
    if (rules.play_or_draw)
        return ["play"];
    return rules.buying ? ["discard", "draw", "buy"] : ["discard", "draw"];
}
/** The situation as the API's request fields. */
export function situationBody(s) {
    const body = {
        variant: s.variant,
        hand: tokens(s.hand),
        table: melds(s.table, /\|/).map((m) => ({ cards: m })),
        discard_pile: tokens(s.pile),
        seen: tokens(s.seen),
        down: s.down,
    };
    if (s.variant === "liverpool")
        body.round = s.round;
    if (Object.keys(s.rules).length)
        body.rules = s.rules;
    return body;
}
export function adviseBody(s) {
    const body = { ...situationBody(s), phase: s.phase };
    // a token that is no number goes as null (NaN in JSON), and the API's 422 names it
    const others = tokens(s.others).map(Number);
    if (others.length)
        body.opponent_hand_sizes = others;
    return body;
}
export function validateBody(s) {
    const { variant, hand, table, discard_pile, seen, down, round, rules } = situationBody(s);
    const body = {
        variant, hand, table, discard_pile, seen, down,
        melds: s.melds.split("\n").map(tokens).filter((m) => m.length).map((m) => ({ cards: m })),
        layoffs: tokens(s.layoffs).map((item) => {
            const [c, onto] = item.split(">");
            return { card: c ?? "", onto: parseInt(onto ?? "", 10) || 0 };
        }),
        joker_swaps: tokens(s.swaps).map((item) => {
            const [c, onto] = item.split(">");
            return { card: c ?? "", onto: parseInt(onto ?? "", 10) || 0 };
        }),
        action: s.action,
    };
    if (round !== undefined)
        body.round = round;
    if (rules !== undefined)
        body.rules = rules;
    return body;
}
/** The form of the situation, shared by the board and the validate mode. */
export class Board {
    root;
    catalog;
    s;
    validating;
    hooks;
    seq = 0;
    timer = 0;
    inputAt = 0; // performance.now() of the last input, for the latency shown
    errors = new Map();
    inputs = new Map();
    constructor(root, catalog, s, validating, hooks) {
        this.root = root;
        this.catalog = catalog;
        this.s = s;
        this.validating = validating;
        this.hooks = hooks;
    }
    render() {
        this.s = this.settled(this.s);
        const form = h("form", { class: "situation", "aria-labelledby": "situation-title" });
        form.addEventListener("submit", (e) => e.preventDefault());
        form.append(h("h2", { id: "situation-title" }, t("situation")), ...this.controls());
        const results = h("section", { id: "results", class: "results", "aria-labelledby": "results-title" }, h("h2", { id: "results-title" }, this.validating ? t("validate") : t("answer")), h("p", { id: "status", class: "status", role: "status", "aria-live": "polite" }), h("div", { id: "answer" }), this.requestBlock());
        clear(this.root, h("div", { class: "board" }, form, results));
        this.ask();
    }
    /** Fill the form from a situation read from the URL (back and forward). */
    load(s) {
        this.s = s;
        this.render();
    }
    /** ``s`` in a phase its rules have: the first they offer when its own is not one. */
    settled(s) {
        const offered = phasesOf({ ...preset(this.catalog, s), ...s.rules });
        return offered.includes(s.phase) ? s : { ...s, phase: offered[0] };
    }
    controls() {
        const s = this.s;
        const variants = Object.keys(this.catalog.variants).map((v) => [v, tv("variant", v)]);
        const variant = select("variant", variants, s.variant);
        variant.addEventListener("change", () => {
            const next = variant.value;
            this.s = this.settled({ ...this.s, variant: next, rules: {}, round: 1 });
            this.hooks.changed(this.s);
            this.render();
        });
        const parts = [field(t("variant"), variant)];
        const contracts = preset(this.catalog, s).contracts;
        if (contracts.length) {
            const rounds = contracts.map((c, i) => [
                String(i + 1), `${i + 1}: ${c.sets} ${t("set")} + ${c.runs} ${t("run")}`,
            ]);
            const round = select("round", rounds, String(s.round));
            round.addEventListener("change", () => this.edit({ round: parseInt(round.value, 10) }));
            parts.push(this.withError("round", field(t("round"), round)));
        }
        if (!this.validating) {
            const rules = { ...preset(this.catalog, s), ...s.rules };
            const phases = phasesOf(rules).map((p) => [p, tv("phase", p)]);
            const phase = select("phase", phases, s.phase);
            phase.addEventListener("change", () => this.edit({ phase: phase.value }));
            parts.push(field(t("phase"), phase));
        }
        else {
            const actions = ACTIONS.map((a) => [a, a]);
            const action = select("action", actions, s.action);
            action.addEventListener("change", () => this.edit({ action: action.value }));
            parts.push(field(t("validateAction"), action));
        }
        const down = h("input", { type: "checkbox", id: "down", checked: s.down });
        down.addEventListener("change", () => this.edit({ down: down.checked }));
        parts.push(h("div", { class: "field check" }, down, h("label", { for: "down" }, t("down"))));
        parts.push(this.text("hand", t("hand"), s.hand, t("handHelp")));
        parts.push(this.picker());
        parts.push(this.text("table", t("table"), s.table));
        parts.push(this.text("pile", t("pile"), s.pile));
        parts.push(this.text("seen", t("seen"), s.seen));
        if (!this.validating)
            parts.push(this.text("others", t("others"), s.others, t("othersHelp")));
        if (this.validating) {
            parts.push(this.text("melds", t("validateMelds"), s.melds, undefined, true));
            parts.push(this.text("layoffs", t("validateLayoffs"), s.layoffs));
            parts.push(this.text("swaps", t("validateSwaps"), s.swaps));
        }
        parts.push(this.houseRules());
        return parts;
    }
    text(name, label, value, help, area = false) {
        const input = area
            ? h("textarea", { id: name, name, rows: 4, spellcheck: "false", dir: "ltr" })
            : h("input", { id: name, name, type: "text", autocomplete: "off", spellcheck: "false", dir: "ltr" });
        input.value = value;
        input.addEventListener("input", () => {
            this.inputAt = performance.now();
            this.s = { ...this.s, [name]: input.value };
            this.schedule();
        });
        this.inputs.set(name, input);
        return this.withError(name, field(label, input, help));
    }
    withError(name, wrapper) {
        const box = h("div", { class: "error", id: `${name}-error`, "aria-live": "polite" });
        const control = wrapper.querySelector("input, select, textarea");
        if (control) {
            const described = control.getAttribute("aria-describedby");
            control.setAttribute("aria-describedby", [described, box.id].filter(Boolean).join(" "));
        }
        this.errors.set(name, box);
        wrapper.append(box);
        return wrapper;
    }
    picker() {
        const rules = { ...preset(this.catalog, this.s), ...this.s.rules };
        const grid = h("div", { class: "picker-grid", role: "group", "aria-label": t("picker") });
        const codes = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));
        if (rules.jokers > 0)
            codes.push("JK");
        for (const code of codes) {
            const copies = code === "JK" ? rules.jokers : rules.decks;
            const b = button("", { class: "pick", "aria-label": `${t("add")} ${code} (${copies} ${t("copies")})` });
            b.append(card(code));
            b.addEventListener("click", () => {
                const input = this.inputs.get("hand");
                if (!input)
                    return;
                input.value = [...tokens(input.value), code].join(" ");
                input.dispatchEvent(new Event("input"));
            });
            grid.append(b);
        }
        const clearHand = button(t("clearHand"), { class: "secondary" });
        clearHand.addEventListener("click", () => {
            const input = this.inputs.get("hand");
            if (!input)
                return;
            input.value = "";
            input.dispatchEvent(new Event("input"));
        });
        return h("details", { class: "picker" }, h("summary", {}, t("picker")), h("p", { class: "help" }, t("pickerHelp")), grid, clearHand);
    }
    houseRules() {
        const rules = preset(this.catalog, this.s);
        const box = h("div", { class: "rules-grid" });
        const setRule = (name, value, presetValue) => {
            const next = { ...this.s.rules };
            if (value === presetValue)
                delete next[name];
            else
                next[name] = value;
            this.edit({ rules: next });
        };
        for (const name of INT_RULES) {
            const presetValue = rules[name];
            const bound = this.catalog.bounds[name];
            const current = name in this.s.rules ? this.s.rules[name] : presetValue;
            const input = h("input", {
                type: "number", id: `rule-${name}`, min: bound?.min, max: bound?.max,
                value: current === null || current === undefined ? "" : String(current),
            });
            input.addEventListener("change", () => {
                const value = input.value === "" ? null : parseInt(input.value, 10);
                setRule(name, value, presetValue);
            });
            const range = bound ? ` (${bound.min}–${bound.max})` : "";
            box.append(field(`${name}${range}`, input));
        }
        for (const name of FLAG_RULES) {
            const presetValue = rules[name];
            const current = name in this.s.rules ? this.s.rules[name] : presetValue;
            const input = h("input", { type: "checkbox", id: `rule-${name}`, checked: Boolean(current) });
            input.addEventListener("change", () => setRule(name, input.checked, presetValue));
            box.append(h("div", { class: "field check" }, input, h("label", { for: input.id }, name)));
        }
        const ace = select("rule-ace", [["low", "low"], ["high", "high"], ["both", "both"]], String(this.s.rules["ace"] ?? rules.ace));
        ace.addEventListener("change", () => setRule("ace", ace.value, rules.ace));
        box.append(field("ace", ace));
        const reset = button(t("reset"), { class: "secondary" });
        reset.addEventListener("click", () => this.edit({ rules: {} }));
        const changed = Object.keys(this.s.rules).length > 0;
        return this.withError("rules", h("details", { class: "house-rules", open: changed }, h("summary", {}, t("houseRules")), h("p", { class: "help" }, t("houseRulesHelp")), box, reset));
    }
    edit(change) {
        this.inputAt = performance.now();
        this.s = { ...this.s, ...change };
        this.hooks.changed(this.s);
        if ("variant" in change || "rules" in change)
            this.render();
        else
            this.ask();
    }
    schedule() {
        window.clearTimeout(this.timer);
        this.timer = window.setTimeout(() => {
            this.hooks.changed(this.s);
            this.ask();
        }, DEBOUNCE_MS);
    }
    requestBlock() {
        const pre = h("pre", { id: "request-json", class: "request", dir: "ltr", tabindex: 0 });
        const note = h("span", { id: "copy-note", role: "status", "aria-live": "polite" });
        const copy = (label, id, text) => {
            const b = button(label, { id, class: "secondary" });
            b.addEventListener("click", () => {
                const value = text();
                pre.dataset["copied"] = value;
                void navigator.clipboard?.writeText(value).then(() => { note.textContent = t("copied"); }, () => { note.textContent = value; });
            });
            return b;
        };
        return h("details", { class: "request-block" }, h("summary", {}, t("request")), h("div", { class: "buttons" }, copy(t("copyLink"), "copy-link", () => location.href), copy(t("copyJson"), "copy-json", () => JSON.stringify(this.body(), null, 1)), copy(t("copyCurl"), "copy-curl", () => curl(this.path(), this.body())), note), pre);
    }
    path() {
        return this.validating ? "/v1/validate" : "/v1/advise";
    }
    body() {
        return this.validating ? validateBody(this.s) : adviseBody(this.s);
    }
    showErrors(problem) {
        for (const box of this.errors.values())
            clear(box);
        if (!problem)
            return;
        const status = byId("status");
        status.textContent = `${t("error")}: ${problem.detail}`;
        for (const e of problem.errors ?? []) {
            const name = fieldOf(e.field);
            const box = this.errors.get(name) ?? this.errors.get("hand");
            if (!box)
                continue;
            const items = [e.message];
            const typed = this.inputs.get(name)?.value;
            if (e.index !== undefined && typed !== undefined && (name === "hand" || name === "pile" || name === "seen")) {
                items.push(" ", h("span", { class: "cards" }, tokens(typed).map((tok, i) => h("bdi", { class: i === e.index ? "token bad" : "token" }, tok))));
            }
            box.append(h("p", { "data-field": e.field }, ...items));
        }
    }
    async ask() {
        const seq = ++this.seq;
        const inputAt = this.inputAt;
        const hand = this.s.hand;
        const pre = document.getElementById("request-json");
        if (pre)
            pre.textContent = JSON.stringify(this.body(), null, 1);
        const status = byId("status");
        const out = byId("answer");
        if (!tokens(this.s.hand).length) {
            status.textContent = t("handHelp");
            this.showErrors(null);
            clear(out);
            return;
        }
        status.textContent = t("waiting");
        if (this.validating) {
            const answer = await call("/v1/validate", validateBody(this.s));
            if (seq !== this.seq)
                return;
            if (!answer.ok)
                return this.failed(answer.problem, seq, hand, inputAt);
            this.showErrors(null);
            clear(out, renderValidation(answer.data));
        }
        else {
            const advice = await call("/v1/advise", adviseBody(this.s));
            if (seq !== this.seq)
                return;
            if (!advice.ok)
                return this.failed(advice.problem, seq, hand, inputAt);
            this.showErrors(null);
            clear(out, renderAdvice(advice.data, this.s, (c) => this.play(c)));
            status.textContent = "";
            this.answered(seq, hand, inputAt);
            // the best partition next: the advice, asked first, is not kept waiting for it
            const solved = await call("/v1/solve", situationBody(this.s));
            if (seq === this.seq && solved.ok)
                out.append(renderSolution(solved.data));
            return;
        }
        status.textContent = "";
        this.answered(seq, hand, inputAt);
    }
    /** Marks the answer drawn: which hand, and how long after the input it answers. */
    answered(seq, hand, inputAt) {
        const out = byId("answer");
        out.dataset["hand"] = hand;
        if (inputAt)
            out.dataset["latency"] = (performance.now() - inputAt).toFixed(1);
        out.dataset["answered"] = String(seq);
    }
    failed(problem, seq, hand, inputAt) {
        clear(byId("answer"));
        this.showErrors(problem);
        this.answered(seq, hand, inputAt);
    }
    /** Play a discard on the board: the card leaves the hand for the pile. */
    play(code) {
        const hand = tokens(this.s.hand);
        const at = hand.findIndex((c) => c.toUpperCase() === code);
        if (at < 0)
            return;
        hand.splice(at, 1);
        this.s = { ...this.s, hand: hand.join(" "), pile: [...tokens(this.s.pile), code].join(" ") };
        this.hooks.changed(this.s);
        this.render();
    }
}
function fieldOf(name) {
    if (name.startsWith("table"))
        return "table";
    if (name.startsWith("discard_pile"))
        return "pile";
    if (name.startsWith("rules"))
        return "rules";
    if (name.startsWith("melds"))
        return "melds";
    if (name.startsWith("layoffs"))
        return "layoffs";
    if (name.startsWith("joker_swaps"))
        return "swaps";
    if (name.startsWith("seen"))
        return "seen";
    if (name.startsWith("opponent_hand_sizes"))
        return "others";
    if (name === "round")
        return name;
    return "hand";
}
// -- drawing the answers ------------------------------------------------------------------
export function renderMeld(meld) {
    const kind = meld.kind === "set" ? t("set") : meld.kind === "run" ? t("run") : t("unknownKind");
    const wilds = (meld.wilds ?? []).map((w) => h("span", { class: "wild" }, card(w.card), ` ${t("wildAs")} `, card(w.as)));
    return h("li", { class: "meld", "data-kind": meld.kind }, h("span", { class: "kind" }, kind), " ", cards(meld.cards), meld.points !== undefined ? h("span", { class: "points" }, ` ${meld.points} ${t("points")}`) : null, wilds.length ? h("span", { class: "wilds" }, " (", ...wilds, ")") : null);
}
function needed(value) {
    return value === null || value === undefined ? t("unreachable") : String(value);
}
function dl(rows, attrs = {}) {
    return h("dl", { class: "figures", ...attrs }, rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}
/** Figures the page has no column for (the advice may grow): shown as they come. */
function extras(option, known) {
    return Object.entries(option)
        .filter(([k, v]) => !known.includes(k) && (typeof v === "number" || typeof v === "boolean"))
        .map(([k, v]) => `${k}: ${typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : String(v)}`)
        .join(", ");
}
const DISCARD_FIELDS = ["card", "cards_needed", "outs", "outs_cards", "deadwood_points", "playable_on_table", "reason", "points_shed", "goes_out", "go_out_chance", "expected_points", "horizon", "samples"];
function outsCards(list) {
    return h("span", { class: "cards" }, list.length ? list.map((o) => h("span", { class: "out" }, card(o.card), h("span", { class: "live" }, `×${o.live}`))) : t("none"));
}
export function renderAdvice(a, s, play) {
    const any = a;
    const rec = a.recommendation;
    const parts = [];
    parts.push(h("section", { class: "recommendation", "aria-labelledby": "rec-title" }, h("h3", { id: "rec-title" }, t("recommendation")), h("p", { class: "rec", "data-action": rec.action, "data-card": rec.card ?? "" }, h("strong", {}, tv("action", rec.action)), " ", rec.card ? card(rec.card) : null), rec.reason ? h("p", { class: "reason", dir: "auto" }, rec.reason) : null, a.phase === "discard" && a.note ? h("p", { class: "note", id: "advice-note", dir: "auto" }, a.note) : null, dl([[t("goal"), tv("goal", a.goal)], [t("cardsNeeded"), needed(a.cards_needed)]], { id: "goal-figures" }), any["optimal"] === false ? h("p", { class: "warning" }, t("notOptimal")) : null));
    const lay = a.phase === "discard" ? a.lay_down : null;
    if (lay) {
        parts.push(h("section", { class: "lay-down", "aria-labelledby": "lay-title" }, h("h3", { id: "lay-title" }, t("layDown")), h("ul", { class: "melds" }, lay.melds.map(renderMeld)), lay.layoffs.length ? h("p", {}, `${t("layoffs")}: `, ...lay.layoffs.map((l) => h("span", { class: "layoff" }, card(l.card), ` ${t("onto")} ${l.onto} `))) : null, lay.joker_swaps.length ? h("p", {}, `${t("jokerSwaps")}: `, ...lay.joker_swaps.map((j) => h("span", {}, card(j.card), " → ", card(j.joker), ` (${j.onto}) `))) : null, lay.goes_out ? h("p", {}, t("goesOut")) : null));
    }
    const best = a.phase === "play" ? a.play : null;
    if (best) {
        parts.push(h("section", { class: "lay-down", id: "play", "aria-labelledby": "play-title" }, h("h3", { id: "play-title" }, t("tableAfter")), h("ul", { class: "melds" }, best.table.map(renderMeld)), h("p", {}, `${t("layDown")}: `, ...best.placed.map((p) => h("span", { class: "layoff" }, card(p.card), ` ${t("onto")} ${p.meld} `))), best.goes_out ? h("p", {}, t("goesOut")) : null));
    }
    const keep = a.phase === "play" ? a.keep_back : [];
    if (keep.length)
        parts.push(h("p", { id: "keep-back" }, `${t("keepBack")}: `, cards(keep)));
    const discards = a.phase === "discard" ? a.discards : undefined;
    if (discards && discards.length)
        parts.push(discardTable(discards, play));
    const take = a.phase === "draw" ? a.take_discard : null;
    const stock = a.phase === "draw" ? a.draw_stock : null;
    if (take) {
        parts.push(h("section", { class: "draw-figures", id: "take-figures" }, h("h3", {}, t("takeDiscard")), dl([
            [t("card"), card(take.card)], [t("cardsNeeded"), needed(take.cards_needed)],
            [t("outs"), String(take.outs)], [t("bestDiscard"), take.best_discard ? card(take.best_discard) : t("none")],
            [t("outsCards"), outsCards(take.outs_cards)],
        ])));
    }
    if (stock) {
        parts.push(h("section", { class: "draw-figures", id: "stock-figures" }, h("h3", {}, t("drawStock")), dl([
            [t("expectedNeeded"), stock.expected_cards_needed === null ? t("unreachable") : stock.expected_cards_needed.toFixed(2)],
            [t("outs"), String(stock.outs)], [t("liveCards"), String(stock.live ?? "")],
        ])));
    }
    const buy = a.phase === "buy" ? a.buy : null;
    if (buy) {
        parts.push(h("section", { class: "draw-figures", id: "buy-figures" }, h("h3", {}, t("buyFigures")), dl([
            [t("card"), card(buy.card)], [t("cardsNeeded"), needed(buy.cards_needed)], [t("outs"), String(buy.outs)],
            [t("extraCards"), String(buy.cost.extra_cards)], [t("pointsAfter"), buy.cost.points_after.toFixed(1)],
            [t("outsCards"), outsCards(buy.outs_cards)],
        ])));
    }
    void s;
    return h("div", { class: "advice" }, parts);
}
function discardTable(rows, play) {
    const body = h("tbody");
    // the look-ahead's figures (effort standard and deep, where the rules allow it)
    const ahead = rows.some((r) => r.go_out_chance !== undefined);
    rows.forEach((row, i) => {
        const tr = h("tr", { tabindex: i === 0 ? 0 : -1, "data-card": row.card, "aria-label": `${row.card}: ${row.reason}` }, h("th", { scope: "row" }, card(row.card)), h("td", { class: "needed" }, needed(row.cards_needed)), h("td", { class: "outs" }, String(row.outs)), h("td", { class: "outs-cards" }, outsCards(row.outs_cards)), h("td", { class: "deadwood" }, String(row.deadwood_points)), h("td", { class: "playable" }, yesNo(row.playable_on_table)), ahead ? h("td", { class: "ahead", title: `${row.horizon ?? 0} ${t("draws")}` }, h("span", { class: "chance" }, row.go_out_chance === undefined ? "" : `${Math.round(row.go_out_chance * 100)}%`), h("br"), h("bdi", { class: "expected" }, row.expected_points === undefined ? "" : row.expected_points.toFixed(1))) : null, h("td", { class: "reason", dir: "auto" }, row.reason, h("span", { class: "extra" }, extras(row, DISCARD_FIELDS) ? ` (${extras(row, DISCARD_FIELDS)})` : "")));
        tr.addEventListener("keydown", (e) => {
            const move = (to) => {
                if (!(to instanceof HTMLElement))
                    return;
                tr.tabIndex = -1;
                to.tabIndex = 0;
                to.focus();
                e.preventDefault();
            };
            if (e.key === "ArrowDown")
                move(tr.nextElementSibling);
            else if (e.key === "ArrowUp")
                move(tr.previousElementSibling);
            else if (e.key === "Home")
                move(body.firstElementChild);
            else if (e.key === "End")
                move(body.lastElementChild);
            else if (e.key === "Enter" && play) {
                e.preventDefault();
                play(row.card);
            }
        });
        if (play)
            tr.addEventListener("dblclick", () => play(row.card));
        body.append(tr);
    });
    return h("section", { class: "discards", "aria-labelledby": "discards-title" }, h("h3", { id: "discards-title" }, t("discards")), h("p", { class: "help", id: "discards-help" }, t("discardsHelp")), h("div", { class: "table-wrap" }, h("table", { id: "discards", "aria-describedby": "discards-help" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("card")), h("th", { scope: "col" }, t("cardsNeeded")), h("th", { scope: "col" }, t("outs")), h("th", { scope: "col" }, t("outsCards")), h("th", { scope: "col" }, t("deadwoodPoints")), h("th", { scope: "col" }, t("playable")), ahead ? h("th", { scope: "col", title: t("chanceAhead") }, t("ahead")) : null, h("th", { scope: "col" }, t("reason")))), body)));
}
export function renderSolution(s) {
    return h("section", { class: "solution", id: "solution", "aria-labelledby": "sol-title" }, h("h3", { id: "sol-title" }, `${t("bestPartition")} (${tv("goal", s.goal)})`), s.melds.length ? h("ul", { class: "melds" }, s.melds.map(renderMeld)) : h("p", {}, t("noMelds")), dl([
        [t("deadwood"), cards(s.deadwood)],
        [t("deadwoodPoints"), String(s.deadwood_points)],
        [t("cardsNeeded"), needed(s.cards_needed)],
    ]));
}
function renderValidation(v) {
    return h("div", { class: "validation" }, h("p", { class: v.legal ? "verdict legal" : "verdict illegal", id: "verdict" }, v.legal ? t("legal") : t("illegal")), v.violations.length ? h("section", { "aria-labelledby": "viol-title" }, h("h3", { id: "viol-title" }, t("violations")), h("ul", { id: "violations" }, v.violations.map((x) => h("li", { "data-code": x.code, dir: "auto" }, h("code", {}, x.code), ": ", h("bdi", {}, x.message), x.meld !== undefined ? ` (${t("meld")} ${x.meld})` : "", x.card ? " " : "", x.card ? card(x.card) : null)))) : null, h("section", { "aria-labelledby": "read-title" }, h("h3", { id: "read-title" }, t("meldsRead")), h("ul", { class: "melds" }, v.melds.map((m) => renderMeld(m)))), dl([[t("remaining"), cards(v.remaining)], [t("points"), String(v.melded_points)]]));
}
