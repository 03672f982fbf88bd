/**
 * jsdom has HTMLDialogElement but not its methods. This stands in for what the app relies on:
 * showModal()/close() toggle `open` and fire "close", and Escape cancels the open modal, as in browsers.
 */
const modals: HTMLDialogElement[] = [];

if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    modals.splice(modals.indexOf(this), 1);
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event("close"));
  };
  Object.defineProperty(HTMLDialogElement.prototype, "open", {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute("open");
    },
  });
  document.addEventListener("keydown", (e) => {
    const top = modals.at(-1);
    if (e.key !== "Escape" || !top) return;
    if (top.dispatchEvent(new Event("cancel", { cancelable: true }))) top.close();
  });
}
