import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { errorBody, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { CoinDetail } from "./coin-detail.tsx";

describe("coin page: a coin the site does not list", () => {
  it("says 'Cryptocurrency Not Found' and names the Top 500 the site lists, not a top 100", async () => {
    server.use(
      mock(apiContract.getSiteStatus, { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null }),
      mock(apiContract.getCrypto, errorBody("NOT_FOUND", "Cryptocurrency not found"), { status: 404 }),
    );
    renderAt(<CoinDetail symbol="notacoin" />, { path: "/coin/notacoin" });
    expect(await screen.findByRole("heading", { name: "Cryptocurrency Not Found" })).toBeInTheDocument();
    expect(screen.getByText('The cryptocurrency "notacoin" could not be found or is not in the top 500.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/top 100/i);
    expect(screen.getByRole("link", { name: "Browse the Top 500" })).toHaveAttribute("href", "/markets");
  });
});
