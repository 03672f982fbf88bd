// A page the Worker rendered loads its app only after its HTML has painted (a timeout set in a frame
// callback runs after that frame's paint): on a slow link the scripts no longer compete with the page
// for bandwidth before the reader sees it. worker/features/pages/rendered-body.ts writes this tag.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const entry = tag.getAttribute("data-entry");
  const modules = (tag.getAttribute("data-modules") || "").split(" ").filter(Boolean);
  const element = (name, props) => Object.assign(document.createElement(name), { crossOrigin: "" }, props);
  requestAnimationFrame(() =>
    setTimeout(() => {
      // Each sheet written into the page as <style> gets its <link>, disabled (never fetched), so Vite's
      // module loader finds it and does not fetch the sheet again when a chunk that imports it loads.
      // Added here, not in the HTML: Chromium 150 fetches a disabled stylesheet <link> written in markup.
      const sheets = [...document.querySelectorAll("style[data-href]")].map((style) =>
        element("link", { rel: "stylesheet", href: style.getAttribute("data-href"), disabled: true }),
      );
      // One change to <head>, not one per module.
      const links = modules.map((href) => element("link", { rel: "modulepreload", href }));
      document.head.append(...sheets, ...links, element("script", { type: "module", src: entry }));
    }, 0),
  );
})();
