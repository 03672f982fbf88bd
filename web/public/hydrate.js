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
      // One change to <head>, not one per module.
      const links = modules.map((href) => element("link", { rel: "modulepreload", href }));
      document.head.append(...links, element("script", { type: "module", src: entry }));
    }, 0),
  );
})();
