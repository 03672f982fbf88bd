import { z } from "zod";
import {
  coinNameParams,
  coinQuery,
  cryptoListQuery,
  cryptoListSchema,
  cryptoPageSchema,
  cryptoSchema,
  moversQuerySchema,
  symbolByNameSchema,
  symbolParams,
} from "../crypto.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** The tracked coins: lists, movers, one coin (public, briefly cached). */
export const cryptosContract = {
  listCryptos: {
    method: "GET",
    path: "/api/cryptos",
    summary: "The tracked coins by rank",
    description:
      "Without `page`: the tracked coins by rank (at most `limit`), from the live snapshot or, with `fromDb=true`, from D1's copy " +
      "(its figures written once per 5 minutes). With `page`: one page of coins with a 7-day sparkline, sorted by `sort` and `order` " +
      "from the live snapshot.",
    tags: ["Market data"],
    access: "public",
    request: { query: cryptoListQuery },
    responses: {
      200: json("The coins (a list), or one page of them", z.union([cryptoListSchema, cryptoPageSchema])),
      ...errors(400),
    },
  },
  listGainers: {
    method: "GET",
    path: "/api/cryptos/gainers",
    summary: "The biggest 24 h gainers",
    tags: ["Market data"],
    access: "public",
    request: { query: moversQuerySchema },
    responses: { 200: json("Coins, biggest gain first", cryptoListSchema), ...errors(400) },
  },
  listLosers: {
    method: "GET",
    path: "/api/cryptos/losers",
    summary: "The biggest 24 h losers",
    tags: ["Market data"],
    access: "public",
    request: { query: moversQuerySchema },
    responses: { 200: json("Coins, biggest loss first", cryptoListSchema), ...errors(400) },
  },
  symbolByName: {
    method: "GET",
    path: "/api/cryptos/symbol-by-name/:name",
    summary: "A coin's symbol from its name",
    tags: ["Market data"],
    access: "public",
    request: { params: coinNameParams },
    responses: { 200: json("The coin's symbol and name", symbolByNameSchema), ...errors(400, 404) },
  },
  getCrypto: {
    method: "GET",
    path: "/api/cryptos/:symbol",
    summary: "One coin",
    description: "The coin from the live snapshot (`fromDb` is accepted and changes nothing).",
    tags: ["Market data"],
    access: "public",
    request: { params: symbolParams, query: coinQuery },
    responses: { 200: json("The coin", cryptoSchema), ...errors(400, 404) },
  },
} as const satisfies Record<string, RouteContract>;
