import { z } from "zod";
import { content, HTML, json, type RouteContract } from "./route-contract.ts";

/** This document and its reference page. */
export const apiDocsContract = {
  openApiDocument: {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API's OpenAPI 3.1 document",
    tags: ["Site"],
    access: "public",
    responses: { 200: json("The document", z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })) },
  },
  apiReference: {
    method: "GET",
    path: "/api/docs",
    summary: "The interactive API reference (Scalar)",
    tags: ["Site"],
    access: "public",
    responses: { 200: content("The reference page", HTML) },
  },
} as const satisfies Record<string, RouteContract>;
