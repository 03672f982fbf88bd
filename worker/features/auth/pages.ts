/**
 * The few pages the sign-in routes serve themselves (they are full-page navigations, not API
 * calls): the local sign-in form, the sign-out confirmation and sign-in failures. Plain HTML with
 * inline styles, the site's theme (its own pre-paint theme script) and every value escaped.
 */

import { escapeHtml } from "#worker/lib/html.ts";

/** Only the site's own theme script; styles inline; forms may only post back here. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
:root{--bg:#f7f8fb;--surface:#fff;--border:#e3e6ee;--text:#0f172a;--muted:#5b6476;--brand:#4f46e5;--brand-strong:#4338ca;--on-brand:#fff;--warn:#b45309;--warn-soft:#fff7e6;--loss:#d02f3f;--loss-soft:#fdecee;--focus:#6366f1;color-scheme:light}
:root.dark{--bg:#0b1020;--surface:#121a2e;--border:#26314d;--text:#e6e9f2;--muted:#9aa4bd;--brand:#818cf8;--brand-strong:#a5b4fc;--on-brand:#0b1020;--warn:#fbbf24;--warn-soft:#33270d;--loss:#f87171;--loss-soft:#3a1619;--focus:#a5b4fc;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:var(--bg);color:var(--text);font:16px/1.55 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{width:100%;max-width:420px;background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:28px 24px;box-shadow:0 2px 8px rgb(15 23 42/6%)}
.brand{display:flex;align-items:center;gap:8px;font-weight:800;font-size:1.1rem;color:var(--text);text-decoration:none;margin-bottom:20px}
h1{font-size:1.4rem;margin:0 0 8px;line-height:1.25}
p{margin:0 0 16px;color:var(--muted)}
.note{border:1px solid var(--warn);background:var(--warn-soft);color:var(--text);border-radius:8px;padding:10px 12px;font-size:.9rem;margin-bottom:20px}
.note strong{color:var(--warn)}
.errors{border:1px solid var(--loss);background:var(--loss-soft);color:var(--loss);border-radius:8px;padding:10px 12px;margin-bottom:16px;font-size:.92rem}
.errors ul{margin:4px 0 0;padding-left:18px}
label{display:block;font-weight:600;font-size:.92rem;margin:0 0 6px}
.opt{font-weight:400;color:var(--muted)}
input{display:block;width:100%;height:42px;padding:0 12px;border:1px solid var(--border);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
input[aria-invalid=true]{border-color:var(--loss)}
.field{margin-bottom:16px}
.field-error{color:var(--loss);font-size:.85rem;margin-top:4px}
.actions{display:flex;gap:10px;align-items:center;margin-top:8px;flex-wrap:wrap}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:42px;padding:0 18px;border-radius:8px;border:1px solid transparent;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.btn-primary{background:var(--brand);color:var(--on-brand)}
.btn-primary:hover{background:var(--brand-strong)}
.btn-outline{background:transparent;border-color:var(--border);color:var(--text)}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
`;

/** The frame every one of these pages shares (also the newsletter's confirmation page). */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Coinsight</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script src="/theme-init.js"></script>
<style>${STYLE}</style>
</head>
<body>
<main>
<a class="brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28"><span>Coinsight</span></a>
${body}
</main>
</body>
</html>`;
}

export type SignInFormState = {
  returnTo: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  errors?: Partial<Record<"email" | "firstName" | "lastName" | "form", string>>;
};

function field(
  name: "email" | "firstName" | "lastName",
  label: string,
  type: string,
  autocomplete: string,
  state: SignInFormState,
  optional = false,
) {
  const error = state.errors?.[name];
  const value = state.values?.[name] ?? "";
  const describedBy = error ? ` aria-describedby="${name}-error"` : "";
  // Focus lands on the first field that needs fixing, else on the email.
  const firstProblem = (["email", "firstName", "lastName"] as const).find((f) => state.errors?.[f]) ?? "email";
  const autofocus = name === firstProblem ? " autofocus" : "";
  return `<div class="field">
<label for="${name}">${label}${optional ? ' <span class="opt">(optional)</span>' : ""}</label>
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(value)}"${optional ? "" : " required"}${error ? ' aria-invalid="true"' : ""}${describedBy}${autofocus} maxlength="${name === "email" ? 254 : 60}">
${error ? `<div class="field-error" id="${name}-error">${escapeHtml(error)}</div>` : ""}
</div>`;
}

/** The offline adapter's sign-in form. */
export function signInPage(state: SignInFormState): string {
  const messages = Object.values(state.errors ?? {}).filter(Boolean) as string[];
  const summary = messages.length
    ? `<div class="errors" role="alert"><strong>Please fix the following:</strong><ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join("")}</ul></div>`
    : "";
  return layout(
    "Sign in",
    `<h1>Sign in to Coinsight</h1>
<div class="note" role="note"><strong>Local development sign-in.</strong> No identity provider is configured, so whoever you type in is who you are: no password, no email sent. This form never runs in production.</div>
${summary}
<form method="post" action="/api/login" novalidate>
<input type="hidden" name="returnTo" value="${escapeHtml(state.returnTo)}">
${field("email", "Email", "email", "email", state)}
${field("firstName", "First name", "text", "given-name", state)}
${field("lastName", "Last name", "text", "family-name", state, true)}
<div class="actions"><button class="btn btn-primary" type="submit">Sign in</button><a class="btn btn-outline" href="${escapeHtml(state.returnTo)}">Cancel</a></div>
</form>`,
  );
}

/** A sign-in or sign-out that could not go ahead, with a way forward. */
export function messagePage(
  title: string,
  message: string,
  action: { href: string; label: string } = { href: "/", label: "Back to Coinsight" },
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<div class="actions"><a class="btn btn-primary" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></div>`,
  );
}

/** Sign-out asked for by anything but the reader's own click on this site: confirm rather than sign out on its say-so. */
export function signOutPage(): string {
  return layout(
    "Sign out",
    `<h1>Sign out of Coinsight?</h1>
<p>Something other than your own click on Coinsight asked to sign you out. Confirm if that is what you want.</p>
<form method="post" action="/api/logout"><div class="actions"><button class="btn btn-primary" type="submit">Sign out</button><a class="btn btn-outline" href="/">Stay signed in</a></div></form>`,
  );
}
