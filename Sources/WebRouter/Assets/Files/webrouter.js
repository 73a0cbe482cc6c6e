/* WebRouter's enhancement script, compiled into the framework and loaded (deferred) on every
   page. Progressive enhancement only: every page works without it (dialogs are rendered open,
   dismissing is a link, actions are forms).
   This script: moves open dialogs into the top layer with showModal() (focus moves in, the
   page beneath becomes inert), makes Escape and backdrop clicks follow the dismiss link,
   returns focus to the opener after a dismissal, and adds select/copy to share boxes. */
(function () {
  "use strict";

  var RETURN_KEY = "webrouter:return-to";
  var DEPTH_KEY = "webrouter:dialog-depth";

  function storage() {
    try { return window.sessionStorage; } catch (e) { return null; }
  }

  function openDialogs() {
    return Array.prototype.slice.call(document.querySelectorAll("dialog[open]"));
  }

  function topDialog() {
    var all = openDialogs();
    return all.length ? all[all.length - 1] : null;
  }

  function currentPath() {
    return location.pathname + location.search;
  }

  function dismissURL(dialog) {
    var link = dialog.querySelector('a[rel~="dismiss"]');
    if (link) return link.href;
    return dialog.getAttribute("data-dismiss");
  }

  function rememberReturn() {
    var store = storage();
    if (store) store.setItem(RETURN_KEY, currentPath());
  }

  var leaving = false;
  function dismiss(dialog) {
    var url = dialog && dismissURL(dialog);
    if (!url || leaving) return;
    leaving = true;
    rememberReturn();
    location.assign(url);
  }

  // Dialogs: open them modally, bottom to top, so the topmost one ends up with focus.
  function upgradeDialogs() {
    var dialogs = openDialogs();
    if (!dialogs.length || typeof dialogs[0].showModal !== "function") return;

    var store = storage();
    var previousDepth = store ? Number(store.getItem(DEPTH_KEY) || 0) : dialogs.length;
    dialogs.forEach(function (dialog, index) {
      try {
        dialog.close();
        dialog.showModal();
      } catch (e) {
        dialog.setAttribute("open", "");
      }
      if (index >= previousDepth) dialog.classList.add("enter");
      dialog.addEventListener("cancel", function (event) {
        event.preventDefault();
        dismiss(topDialog() || dialog);
      });
      // Some browsers close a dialog on Escape without a cancelable event: still navigate.
      // (The close event of our own close() above arrives later, when the dialog is open again.)
      dialog.addEventListener("close", function () {
        if (!dialog.open) dismiss(dialog);
      });
      dialog.addEventListener("click", function (event) {
        if (event.target !== dialog) return;
        var rect = dialog.getBoundingClientRect();
        var inside = event.clientX >= rect.left && event.clientX <= rect.right &&
          event.clientY >= rect.top && event.clientY <= rect.bottom;
        if (!inside) dismiss(dialog);
      });
    });
    document.documentElement.classList.add("js-dialogs");
  }

  function recordDepth() {
    var store = storage();
    if (store) store.setItem(DEPTH_KEY, String(document.querySelectorAll("dialog.modal[open]").length +
      document.querySelectorAll("dialog.alert[open]").length));
  }

  // Focus return: after a dismissal, focus the link that opened the dismissed layer.
  function restoreFocus() {
    var store = storage();
    if (!store) return;
    var from = store.getItem(RETURN_KEY);
    store.removeItem(RETURN_KEY);
    if (!from || from === currentPath()) return;

    var scope = topDialog() || document.querySelector("main") || document.body;
    var links = scope.querySelectorAll("a[href]");
    for (var i = 0; i < links.length; i++) {
      var url = new URL(links[i].href, location.href);
      if (url.origin === location.origin && url.pathname + url.search === from) {
        links[i].focus();
        return;
      }
    }
    var heading = scope.querySelector("h1") || scope.querySelector("h2");
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
  }

  // Following a dismiss link by click or keyboard also remembers where we came from.
  document.addEventListener("click", function (event) {
    var target = event.target;
    var link = target && target.closest ? target.closest('a[rel~="dismiss"]') : null;
    if (link) rememberReturn();
  });

  // Share boxes: select the link on focus, copy it with a button when the clipboard is available.
  function enhanceShareBoxes() {
    var boxes = document.querySelectorAll(".share-box");
    Array.prototype.forEach.call(boxes, function (box) {
      var input = box.querySelector("input");
      if (!input) return;
      input.addEventListener("focus", function () { input.select(); });
      input.addEventListener("click", function () { input.select(); });
      if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") return;
      var button = box.querySelector("button[data-copy], .share-copy");
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "button share-copy";
        button.textContent = "Copy";
        box.appendChild(button);
      }
      var label = button.textContent;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(input.value).then(function () {
          button.textContent = "Copied";
          window.setTimeout(function () { button.textContent = label; }, 1500);
        }, function () {
          input.focus();
          input.select();
        });
      });
    });
  }

  function start() {
    upgradeDialogs();
    recordDepth();
    restoreFocus();
    enhanceShareBoxes();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
