// Compiled by `make clients` (tsc --strict --noEmit): the generated types name every
// operation and describe its request and answer.
import type { components, operations } from "../build/clients/typescript/schema";

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;

export const request: Json<operations["solve"]["requestBody"]> = {
  variant: "gin",
  hand: ["AS", "2S", "3S"],
};

export function deadwood(answer: Json<operations["solve"]["responses"][200]>): string[] {
  return answer.deadwood;
}

export function advice(answer: Json<operations["advise"]["responses"][200]>): string {
  return answer.recommendation.action;
}

// one type per phase, told apart by `phase`: a buy answer always has its limit
export function buysLeft(answer: Json<operations["advise"]["responses"][200]>): number | null {
  if (answer.phase !== "buy" || answer.max_buys === null) {
    return null;
  }
  return answer.max_buys - answer.buys_made;
}

export const variant: components["schemas"]["Variant"] = "liverpool";
