/* Mnemara dashboard: the few behaviours HTML alone cannot give. CSP-safe (a static file, no eval). */
(function () {
  "use strict";

  // ------------------------------------------------------------------ toasts: every failure is seen
  // The server words its own errors (HX-Trigger "mnemara:toast"); for what never reached it (network,
  // timeout) or came from something in between (a proxy's 429/502), the page carries translated texts.
  function text(status) {
    var box = document.getElementById("toast-texts");
    if (!box) { return ""; }
    var key = String(status);
    if (/^5\d\d$/.test(key)) { key = "5xx"; }
    var found = box.querySelector("[data-status='" + key + "']");
    return found ? found.textContent.trim() : "";
  }
  function showToast(level, message) {
    var region = document.getElementById("toasts");
    if (!region || !message) { return; }
    var toast = document.createElement("div");
    toast.className = "toast " + (level || "info");
    toast.setAttribute("role", level === "error" ? "alert" : "status");
    var words = document.createElement("p");
    words.textContent = message;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "link toast-close";
    close.textContent = "×";
    close.setAttribute("aria-label", text("close") || "Close");
    close.addEventListener("click", function () { toast.remove(); });
    toast.appendChild(words);
    toast.appendChild(close);
    region.appendChild(toast);
    if (level !== "error") { window.setTimeout(function () { toast.remove(); }, 6000); }
  }
  window.mnemaraToast = showToast;
  document.body.addEventListener("mnemara:toast", function (event) {
    showToast(event.detail.level, event.detail.text);
  });
  document.body.addEventListener("mnemara:toasts", function (event) {
    (event.detail.value || event.detail || []).forEach(function (t) { showToast(t.level, t.text); });
  });
  function serverWorded(xhr) {
    var trigger = xhr && xhr.getResponseHeader("HX-Trigger");
    return !!trigger && trigger.indexOf("mnemara:toast") !== -1;
  }
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!serverWorded(xhr)) { showToast("error", text(xhr.status) || text("5xx")); }
  });
  document.addEventListener("htmx:sendError", function () { showToast("error", text("network")); });
  document.addEventListener("htmx:timeout", function () { showToast("error", text("timeout")); });

  // ------------------------------------------------------------------ loading: every request shows it
  var inFlight = 0;
  document.addEventListener("htmx:beforeRequest", function (event) {
    inFlight += 1;
    document.documentElement.classList.add("is-loading");
    var elt = event.detail.elt;
    var form = elt.tagName === "FORM" ? elt : elt.closest("form");
    var target = event.detail.target;
    if (target) { target.setAttribute("aria-busy", "true"); }
    // A button pressed twice sends one request.
    var cause = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (cause && cause.submitter) { cause.submitter.classList.add("busy"); }
    if (form && event.detail.requestConfig.verb !== "get") {
      form.querySelectorAll("button").forEach(function (b) { b.disabled = true; b.dataset.wasEnabled = "1"; });
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    inFlight = Math.max(0, inFlight - 1);
    if (!inFlight) { document.documentElement.classList.remove("is-loading"); }
    var target = event.detail.target;
    if (target) { target.removeAttribute("aria-busy"); }
    document.querySelectorAll("button[data-was-enabled]").forEach(function (b) {
      b.disabled = false; delete b.dataset.wasEnabled;
    });
    document.querySelectorAll("button.busy").forEach(function (b) { b.classList.remove("busy"); });
  });
  // Plain (non-htmx) form posts and links show the same bar until the next page arrives.
  document.addEventListener("submit", function (event) {
    if (!event.defaultPrevented && !event.target.hasAttribute("hx-post") && !event.target.hasAttribute("hx-get")) {
      document.documentElement.classList.add("is-loading");
    }
  });
  window.addEventListener("pageshow", function () { document.documentElement.classList.remove("is-loading"); });

  // ------------------------------------------------------------------ review queue keyboard
  // j/k move between items; a/r/o/n/b/m press that button in the focused item.
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

  // A merge preview that was opened in a card: focus its text.
  document.addEventListener("htmx:afterSwap", function (event) {
    var area = event.detail.target && event.detail.target.querySelector && event.detail.target.querySelector("textarea");
    if (area && event.detail.target.classList.contains("merge-slot")) { area.focus(); }
  });

  // ------------------------------------------------------------------ small helpers
  // Forms that ask before doing something that cannot be undone.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    // The button's own question (it names what it does and to how many) before the form's.
    var button = event.submitter;
    var question = (button && button.getAttribute("data-confirm")) || form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);

  document.addEventListener("change", function (event) {
    var target = event.target;
    // A select that switches something right away (the tenant switcher); its button stays for no-JS use.
    if (target.matches("select[data-autosubmit]")) { target.form.submit(); }
    // "Tick all": every box of that name on the page.
    if (target.matches("[data-pick-all]")) {
      var name = target.getAttribute("data-pick-all");
      document.querySelectorAll("input[type=checkbox][name='" + name + "']").forEach(function (box) {
        box.checked = target.checked;
      });
    }
  });

  document.addEventListener("click", function (event) {
    // Collapsible regions (navigation and filters on a phone).
    var toggle = event.target.closest(".collapse-toggle");
    if (toggle) {
      var box = toggle.closest("[data-collapsible]");
      var open = !box.classList.contains("open");
      box.classList.toggle("open", open);
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      return;
    }
    // Print the page (a receipt); the print stylesheet leaves out the navigation and buttons.
    if (event.target.closest("[data-print]")) { window.print(); return; }
    // Empty a region (cancel a preview).
    var clear = event.target.closest("[data-clear]");
    if (clear) {
      var region = document.querySelector(clear.getAttribute("data-clear"));
      if (region) { region.innerHTML = ""; }
      return;
    }
    // Copy a value to the clipboard and say so.
    var copy = event.target.closest("[data-copy]");
    if (copy) {
      var source = document.querySelector(copy.getAttribute("data-copy"));
      var value = source ? (source.value !== undefined && source.tagName !== "PRE" ? source.value : source.textContent) : "";
      var done = function () {
        var original = copy.getAttribute("data-label") || copy.textContent;
        copy.setAttribute("data-label", original);
        copy.textContent = copy.getAttribute("data-copied") || original;
        copy.classList.add("copied");
        window.setTimeout(function () { copy.textContent = original; copy.classList.remove("copied"); }, 2000);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(value).then(done, function () { fallbackCopy(source); done(); });
      } else {
        fallbackCopy(source);
        done();
      }
    }
  });
  function fallbackCopy(source) {
    if (!source) { return; }
    if (source.select) { source.focus(); source.select(); } else {
      var range = document.createRange();
      range.selectNodeContents(source);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    }
    try { document.execCommand("copy"); } catch (e) { /* selected: the person copies by hand */ }
  }

  // A secret shown once: select it all on focus so it is easy to copy.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches("[data-select-on-focus]")) { event.target.select(); }
  });
})();
