// The playground's shell: modes, language, and the situation kept in the URL (each edit
// is a history entry, so back and forward move through the edits).
import { call } from "./api.js";
import { Board } from "./board.js";
import { byId, clear, h } from "./dom.js";
import { Game } from "./game.js";
import { lang, pickLang, setLang, t } from "./i18n.js";
import { Trainer } from "./trainer.js";
import { MODES, readPlace, writePlace } from "./url.js";
let catalog;
let place;
let board = null;
function record(next, replace = false) {
    place = next;
    const url = writePlace(place, lang());
    if (url === location.search)
        return;
    if (replace)
        history.replaceState(null, "", url);
    else
        history.pushState(null, "", url);
}
function shell() {
    document.title = t("title");
    const nav = h("nav", { "aria-label": t("modes") }, h("ul", {}, MODES.map((m) => {
        const a = h("a", { href: writePlace({ ...place, mode: m }, lang()), "aria-current": m === place.mode ? "page" : undefined, "data-mode": m }, t(m));
        a.addEventListener("click", (e) => {
            e.preventDefault();
            record({ ...place, mode: m });
            mount();
        });
        return h("li", {}, a);
    })));
    const other = lang() === "he" ? "en" : "he";
    const switcher = h("a", { href: writePlace(place, other), lang: other, hreflang: other, id: "lang-switch" }, other === "he" ? "עברית" : "English");
    switcher.addEventListener("click", (e) => {
        e.preventDefault();
        setLang(other);
        record(place, true);
        mount();
    });
    clear(byId("header"), h("a", { class: "skip", href: "#main" }, t("skip")), h("h1", {}, t("title")), nav, h("p", { class: "links" }, h("span", { class: "sr" }, `${t("language")}: `), switcher, " · ", h("a", { href: "/docs" }, t("apiDocs"))));
}
function mount() {
    shell();
    const main = byId("main");
    board = null;
    const onSeed = (variant, seed) => record({ ...place, seed, situation: { ...place.situation, variant } }, true);
    const mode = place.mode;
    if (mode === "board" || mode === "validate") {
        board = new Board(main, catalog, place.situation, mode === "validate", {
            changed: (s) => record({ ...place, situation: s }),
        });
        board.render();
    }
    else if (mode === "trainer") {
        new Trainer(main, place.situation.variant, place.seed, onSeed).render();
    }
    else {
        new Game(main, place.situation.variant, place.seed, onSeed).render();
    }
}
async function start() {
    place = readPlace(location.search);
    setLang(pickLang(place.lang));
    const variants = await call("/v1/variants");
    if (!variants.ok) {
        byId("main").textContent = variants.problem.detail;
        return;
    }
    catalog = { variants: variants.data.variants, bounds: variants.data.bounds ?? {} };
    record(place, true);
    mount();
    window.addEventListener("popstate", () => {
        const next = readPlace(location.search);
        const sameMode = next.mode === place.mode;
        place = next;
        setLang(pickLang(next.lang));
        if (sameMode && board) {
            shell();
            board.load(next.situation);
        }
        else
            mount();
    });
}
void start();
