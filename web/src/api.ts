// Calls to this server's API, typed by the generated client's types.
import type { Problem } from "./types.js";

export type Result<T> = { ok: true; data: T } | { ok: false; status: number; problem: Problem };

export async function call<T>(path: string, body?: unknown): Promise<Result<T>> {
  const init: RequestInit = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    return { ok: false, status: 0, problem: { type: "network", title: "Network", status: 0, detail: String(error) } };
  }
  const data: unknown = await response.json();
  if (response.ok) return { ok: true, data: data as T };
  return { ok: false, status: response.status, problem: data as Problem };
}

/** The same request as a curl command line, for the copy button. */
export function curl(path: string, body: unknown): string {
  const json = JSON.stringify(body).replace(/'/g, "'\\''");
  return `curl -s ${location.origin}${path} -H 'Content-Type: application/json' -d '${json}'`;
}
