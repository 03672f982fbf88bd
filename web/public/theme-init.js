// Runs before first paint: the theme class must be on <html> before the stylesheet applies.
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch (_) {
  // Storage can be blocked; the default light theme is fine then.
}
