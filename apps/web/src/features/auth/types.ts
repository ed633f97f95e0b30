import type { RouterInputs, RouterOutputs } from "@crawlguard/api";

/** The signed-in user as the API returns it (`auth.me`, `auth.login`, `auth.register`). */
export type SessionUser = RouterOutputs["auth"]["me"];
export type LoginInput = RouterInputs["auth"]["login"];
export type RegisterInput = RouterInputs["auth"]["register"];
