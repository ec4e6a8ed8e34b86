// The API's types, generated from openapi.yaml (`make clients`): the page reads and sends
// exactly what the document describes, so page and spec cannot drift apart.
import type { components, operations } from "../../build/clients/typescript/schema";

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Body<Op extends keyof operations> = operations[Op] extends { requestBody?: infer R }
  ? Json<NonNullable<R>>
  : never;
type Answer<Op extends keyof operations> = operations[Op] extends { responses: { 200: infer A } }
  ? Json<A>
  : never;

export type Schemas = components["schemas"];
export type Card = Schemas["Card"];
export type Variant = Schemas["Variant"];
export type Rules = Schemas["Rules"];
export type Meld = Schemas["Meld"];
export type Problem = Schemas["Problem"];

export type SolveRequest = Body<"solve">;
export type SolveAnswer = Answer<"solve">;
export type AdviseRequest = Body<"advise">;
export type AdviseAnswer = Answer<"advise">;
export type ValidateRequest = Body<"validate">;
export type ValidateAnswer = Answer<"validate">;
export type VariantsAnswer = Answer<"listVariants">;
export type NewGameRequest = Body<"newGame">;
export type GameMoveRequest = Body<"gameMove">;
export type GameAnswer = Answer<"newGame">;
export type GameMove = GameMoveRequest["move"];
export type Phase = NonNullable<AdviseRequest["phase"]>;
export type Seat = NewGameRequest["players"][number];
