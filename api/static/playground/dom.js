// Small DOM helpers: elements built in code (no HTML strings), card codes in <bdi>.
import { t } from "./i18n.js";
export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
        if (value === undefined || value === null || value === false)
            continue;
        if (name === "text")
            el.textContent = String(value);
        else
            el.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
        if (child === null || child === undefined || child === false)
            continue;
        el.append(child);
    }
    return el;
}
export function byId(id) {
    const el = document.getElementById(id);
    if (!el)
        throw new Error(`#${id} missing`);
    return el;
}
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
/** One card as the API writes it, isolated for right-to-left text. */
export function card(code, extra = {}) {
    const suit = code === "JK" ? "joker" : (SUIT_NAMES[code.slice(1)] ?? "");
    return h("bdi", { class: `card ${suit}`, "data-card": code, ...extra }, code);
}
export function cards(codes) {
    return h("span", { class: "cards" }, codes.length ? codes.map((c) => card(c)) : t("none"));
}
export function clear(el, ...children) {
    el.replaceChildren();
    for (const child of children.flat()) {
        if (child !== null && child !== undefined && child !== false)
            el.append(child);
    }
}
export function field(label, control, help, id) {
    const cid = control.id || id || `f-${Math.random().toString(36).slice(2, 9)}`;
    control.id = cid;
    const parts = [h("label", { for: cid }, label), control];
    if (help) {
        const hid = `${cid}-help`;
        control.setAttribute("aria-describedby", hid);
        parts.push(h("p", { class: "help", id: hid }, help));
    }
    return h("div", { class: "field" }, ...parts);
}
export function select(id, options, value) {
    const el = h("select", { id, name: id });
    for (const [v, label] of options)
        el.append(h("option", { value: v, selected: v === value }, label));
    el.value = value;
    return el;
}
export function button(label, attrs = {}) {
    return h("button", { type: "button", ...attrs }, label);
}
export function yesNo(value) {
    return value ? t("yes") : t("no");
}
