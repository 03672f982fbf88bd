import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL; wrangler applies it (locally, remotely and in tests).
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/db/*.ts",
  out: "./schema/migrations",
});
