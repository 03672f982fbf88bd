import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { renderAt } from "#web/test/render.tsx";
import { CONFIRMATION_TOASTS, ConfirmationNotice } from "./confirmation-notice.tsx";

afterEach(() => act(() => dismissToast()));

function openAt(url: string) {
  return renderAt(
    <>
      <ConfirmationNotice />
      <Toaster />
    </>,
    { path: "/", at: url },
  );
}

describe("ConfirmationNotice", () => {
  it.each(["confirmed", "expired", "invalid"] as const)("shows the %s toast once and drops the parameter", async (outcome) => {
    const { router } = openAt(`/?newsletter=${outcome}&keep=1`);
    expect(await screen.findByTestId("toast")).toHaveTextContent(CONFIRMATION_TOASTS[outcome].title);
    expect(router.state.location.search).toBe("?keep=1");
  });

  it("ignores pages without the parameter and unknown values", () => {
    openAt("/?newsletter=bogus");
    expect(screen.queryByTestId("toast")).toBeNull();
  });
});
