/* Mnemara dashboard: the few behaviours HTML alone cannot give. CSP-safe (a static file, no eval). */
(function () {
  "use strict";

  // Review queue: j/k move between items; a/r/o/n/m press that button in the focused item.
  function reviewItems() { return Array.prototype.slice.call(document.querySelectorAll(".review-item[tabindex='0']")); }
  function move(step) {
    var items = reviewItems();
    if (!items.length) { return; }
    var index = items.indexOf(document.activeElement.closest(".review-item"));
    var next = items[Math.max(0, Math.min(items.length - 1, index + step))];
    next.focus();
    next.scrollIntoView({block: "nearest"});
  }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    if (target.matches("input, textarea, select, [contenteditable]")) { return; }
    if (!document.querySelector("[data-review-list]")) { return; }
    if (event.key === "j") { move(1); event.preventDefault(); return; }
    if (event.key === "k") { move(-1); event.preventDefault(); return; }
    var item = target.closest(".review-item");
    if (!item) { return; }
    var button = item.querySelector("button[data-key='" + event.key + "']");
    if (button) { event.preventDefault(); button.click(); }
  });

  // After an item is resolved (htmx swapped it), continue with the next open one.
  document.addEventListener("htmx:afterSwap", function (event) {
    var swapped = event.detail.target;
    if (!swapped || !swapped.classList || !swapped.classList.contains("review-item")) { return; }
    var resolved = document.getElementById(swapped.id);
    var items = reviewItems();
    var after = items.filter(function (el) {
      return resolved && (resolved.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    var next = after[0] || items[items.length - 1];
    if (next) { next.focus(); } else if (resolved) { resolved.focus(); }
  });

  // Forms that ask before doing something that cannot be undone.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);

  // A select that switches something right away (the tenant switcher); its button stays for no-JS use.
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-autosubmit]")) { event.target.form.submit(); }
  });

  // A secret shown once: select it all on focus so it is easy to copy.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches("[data-select-on-focus]")) { event.target.select(); }
  });
})();
