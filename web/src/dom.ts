// Small DOM helpers: elements built in code (no HTML strings), card codes in <bdi>.
import { t } from "./i18n.js";

type Attrs = Record<string, string | boolean | number | undefined | null>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") el.textContent = String(value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

const SUIT_NAMES: Record<string, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

/** One card as the API writes it, isolated for right-to-left text. */
export function card(code: string, extra: Attrs = {}): HTMLElement {
  const suit = code === "JK" ? "joker" : (SUIT_NAMES[code.slice(1)] ?? "");
  return h("bdi", { class: `card ${suit}`, "data-card": code, ...extra }, code);
}

export function cards(codes: readonly string[]): HTMLElement {
  return h("span", { class: "cards" }, codes.length ? codes.map((c) => card(c)) : t("none"));
}

export function clear(el: HTMLElement, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
}

export function field(label: string, control: HTMLElement, help?: string, id?: string): HTMLElement {
  const cid = control.id || id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = cid;
  const parts: Child[] = [h("label", { for: cid }, label), control];
  if (help) {
    const hid = `${cid}-help`;
    control.setAttribute("aria-describedby", hid);
    parts.push(h("p", { class: "help", id: hid }, help));
  }
  return h("div", { class: "field" }, ...parts);
}

export function select(
  id: string,
  options: [string, string][],
  value: string,
): HTMLSelectElement {
  const el = h("select", { id, name: id });
  for (const [v, label] of options) el.append(h("option", { value: v, selected: v === value }, label));
  el.value = value;
  return el;
}

export function button(label: string, attrs: Attrs = {}): HTMLButtonElement {
  return h("button", { type: "button", ...attrs }, label);
}

export function yesNo(value: boolean | undefined | null): string {
  return value ? t("yes") : t("no");
}
