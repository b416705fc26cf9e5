import type { z } from "zod";
import { CONTRACTS, HASHED_HEADER, THIRD_PARTY_CONTRACTS } from "@/lib/api/contracts";

type Contracts = typeof CONTRACTS;
export type EndpointId = keyof Contracts;

/**
 * What the client needs of each endpoint's contract: its method, its path and the header hashed between
 * secret_key and timestamp. The downloadable file carries this table written out (bundle-sdk.ts).
 */
export const ENDPOINTS = Object.fromEntries(
  Object.entries(CONTRACTS).map(([id, c]) => [
    id,
    { method: c.method === "get" ? "GET" : "POST", path: c.path, hashedHeader: HASHED_HEADER[c.signature] },
  ]),
) as {
  [Id in EndpointId]: {
    method: Uppercase<Contracts[Id]["method"]>;
    path: Contracts[Id]["path"];
    hashedHeader: (typeof HASHED_HEADER)[Contracts[Id]["signature"]];
  };
};

/** The success body of an endpoint, as its contract's response schema says. */
export type Res<Id extends EndpointId> = z.output<Contracts[Id]["response"]>;

/** The body (POST) or query (GET) an endpoint takes, as its contract's schema accepts it. */
export type Req<Id extends EndpointId> = Contracts[Id] extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : Contracts[Id] extends { query: infer S extends z.ZodType }
    ? z.input<S>
    : never;

export type ThirdPartyKind = keyof typeof THIRD_PARTY_CONTRACTS;
