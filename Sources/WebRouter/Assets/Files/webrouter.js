/* WebRouter's enhancement script, compiled into the framework and loaded (deferred) on every
   page. Progressive enhancement only: every page works without it (dialogs are rendered open,
   dismissing is a link, actions are forms).
   This script: moves open dialogs into the top layer with showModal() (focus moves in, the
   page beneath becomes inert), makes Escape and backdrop clicks follow the dismiss link,
   returns focus to the opener after a dismissal, adds select/copy to share boxes, and names
   the kind of each move for the cross-document view transitions of webrouter.css (push,
   pop, present, dismiss, tab), read from the URL grammar of both ends of the navigation. */
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

  // View transitions. The stylesheet opts every same-origin navigation into a view
  // transition (@view-transition); this names what the move is, so the stylesheet can
  // slide, raise or fade. It is read from the two URLs alone, which the URL grammar makes
  // possible: pushes add path steps, presents add a "~" step, the first step is the tab.
  // History Back and Forward get the reverse of the move that led there.
  var DISMISSED_KEY = "webrouter:dismissed-style";

  function steps(url) {
    return new URL(url, location.href).pathname.split("/").filter(Boolean);
  }

  function isPresentStep(step) { return step.charAt(0) === "~"; }

  function moveKind(fromURL, toURL) {
    var from = steps(fromURL), to = steps(toURL);
    if (!from.length || !to.length || from[0] !== to[0]) return "tab";
    var common = 0;
    while (common < from.length && common < to.length && from[common] === to[common]) common++;
    if (common === from.length && common === to.length) return "same";
    if (common === from.length) return to.slice(common).some(isPresentStep) ? "present" : "push";
    if (common === to.length) return from.slice(common).some(isPresentStep) ? "dismiss" : "pop";
    return "replace";
  }

  function modalStyle(dialog) {
    if (!dialog) return "sheet";
    if (dialog.classList.contains("modal-full")) return "full";
    if (dialog.classList.contains("modal-centered")) return "centered";
    return "sheet";
  }

  function topModal() {
    var modals = document.querySelectorAll("dialog.modal[open]");
    return modals.length ? modals[modals.length - 1] : null;
  }

  // The old page: remember the style of a layer about to be dismissed (it is gone from
  // the next page), so that page can let it fall the way it rose.
  window.addEventListener("pageswap", function (event) {
    if (!event.viewTransition || !event.activation || !event.activation.entry) return;
    var store = storage();
    if (store && moveKind(location.href, event.activation.entry.url) === "dismiss") {
      store.setItem(DISMISSED_KEY, modalStyle(topModal()));
    }
  });

  // The new page, before its first frame: name the move.
  window.addEventListener("pagereveal", function (event) {
    var transition = event.viewTransition;
    var activation = window.navigation && window.navigation.activation;
    if (!transition || !activation || !activation.from || !activation.entry) return;
    var kind = moveKind(activation.from.url, activation.entry.url);
    var types = [kind];
    if (kind === "present") types.push("present-" + modalStyle(topModal()));
    if (kind === "dismiss") {
      var store = storage();
      types.push("dismiss-" + ((store && store.getItem(DISMISSED_KEY)) || "sheet"));
      if (store) store.removeItem(DISMISSED_KEY);
    }
    types.forEach(function (type) { transition.types.add(type); });
    // What ran, for tests and the curious: <html data-move="push">.
    document.documentElement.setAttribute("data-move", types.join(" "));
  });

  // Back or Forward to a page kept in the back/forward cache: it returns as it was left, and a
  // dialog that Escape closed on the way out would stay closed under a URL that names it.
  // Reopen the server's layers (every one it renders is open), bottom to top, and take
  // dismissals again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    leaving = false;
    var closed = document.querySelectorAll('dialog[aria-modal="true"]:not([open])');
    Array.prototype.forEach.call(closed, function (dialog) {
      try {
        dialog.showModal();
      } catch (e) {
        dialog.setAttribute("open", "");
      }
    });
  });

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

// ===== BEGIN forms: validation while typing (typed forms, `data-validate`) =====
// Progressive enhancement: without JavaScript the form submits and the server answers 422
// with every message. With it, leaving a field of a typed form that was changed posts the
// form with `_validate` (rules only: the action never runs; the CSRF token travels as in a
// submit) and puts that field's message, or its absence, in place.
(function () {
  "use strict";
  if (!window.fetch || !window.FormData || !window.DOMParser) return;

  var changed = new WeakSet();

  function fieldsNamed(form, name) {
    return Array.prototype.filter.call(form.elements, function (element) { return element.name === name; });
  }

  function setDescribedBy(control, id, present) {
    var ids = (control.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (x) { return x && x !== id; });
    if (present) ids.push(id);
    if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
    else control.removeAttribute("aria-describedby");
  }

  function show(form, name, message) {
    var id = "field-" + name + "-error";
    var controls = fieldsNamed(form, name);
    if (!controls.length) return;
    var wrapper = controls[0].closest(".field") || controls[0].parentNode;
    var element = document.getElementById(id);
    if (message) {
      if (!element) {
        element = document.createElement("p");
        element.className = "field-error";
        element.id = id;
        wrapper.appendChild(element);
      }
      element.textContent = message;
      wrapper.classList.add("field-invalid");
    } else {
      if (element) element.parentNode.removeChild(element);
      wrapper.classList.remove("field-invalid");
    }
    controls.forEach(function (control) {
      if (message) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
      setDescribedBy(control, id, !!message);
    });
  }

  function validate(form, name) {
    var data = new FormData(form);
    Array.prototype.forEach.call(form.elements, function (element) {
      if (element.type === "file" && element.name) data.delete(element.name);   // no uploads while typing
    });
    data.set("_validate", name);
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin", redirect: "manual" })
      .then(function (response) {
        return response.status === 200 || response.status === 422 ? response.text() : null;
      })
      .then(function (html) {
        if (html === null) return;
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("field-" + name + "-error");
        show(form, name, fresh ? fresh.textContent : "");
      })
      .catch(function () { /* offline or refused: the submit still validates */ });
  }

  function isTyped(element) {
    return element && element.name && element.form && element.form.hasAttribute("data-validate")
      && element.type !== "hidden" && element.type !== "submit" && element.type !== "file";
  }

  document.addEventListener("input", function (event) { if (isTyped(event.target)) changed.add(event.target); });
  document.addEventListener("change", function (event) { if (isTyped(event.target)) changed.add(event.target); });
  document.addEventListener("focusout", function (event) {
    var field = event.target;
    if (!isTyped(field) || !changed.has(field)) return;
    // Leaving one radio or box for another of its group is not leaving the field.
    var next = event.relatedTarget;
    if (next && next.form === field.form && next.name === field.name) return;
    changed.delete(field);
    validate(field.form, field.name);
  });
})();
// ===== END forms =====
// ===== BEGIN live: the page's event stream (pages the server updates, the dev loop) =====
/* A page that shows something live names its Server-Sent Events stream in
   <meta name="webrouter-events" content="/_webrouter/events?key=…">. One stream per tab:
   `refresh` re-fetches the page and morphs it in place (window.WebRouter.refresh(), else a
   reload), bursts coalesced into one refresh; a dropped or refused stream reconnects with
   backoff. Closed on pagehide and reopened on pageshow, so the back/forward cache keeps the
   page. In development (`serve --dev`): `reload` reloads, `stylesheet` swaps the page's
   stylesheets in place with a cache-busting query. */
(function () {
  "use strict";

  var source = null;
  var retryDelay = 1000;
  var retryTimer = 0;
  var refreshTimer = 0;
  var refreshing = false;
  var again = false;

  function streamURL() {
    var meta = document.querySelector('meta[name="webrouter-events"]');
    return meta ? meta.getAttribute("content") : null;
  }

  function refreshNow() {
    refreshTimer = 0;
    if (refreshing) { again = true; return; }
    var api = window.WebRouter;
    if (!api || typeof api.refresh !== "function") { location.reload(); return; }
    refreshing = true;
    Promise.resolve(api.refresh()).catch(function () { /* the next signal tries again */ })
      .then(function () {
        refreshing = false;
        // The page may now show other keys: follow its stream.
        if (source && streamURL() && source.url.indexOf(streamURL()) < 0) { close(); open(); }
        if (again) { again = false; scheduleRefresh(); }
      });
  }

  function scheduleRefresh() {
    // Signals within 100 ms make one refresh.
    if (!refreshTimer) refreshTimer = window.setTimeout(refreshNow, 100);
  }

  function swapStylesheets() {
    var stamp = String(Date.now());
    document.querySelectorAll('link[rel="stylesheet"]').forEach(function (link) {
      var url = new URL(link.href, location.href);
      if (url.origin !== location.origin) return;
      url.searchParams.set("webrouter-reload", stamp);
      var fresh = link.cloneNode();
      fresh.href = url.pathname + url.search;
      // The old sheet goes once the new one has loaded: no flash of unstyled page.
      fresh.addEventListener("load", function () { link.remove(); });
      fresh.addEventListener("error", function () { fresh.remove(); });
      link.after(fresh);
    });
  }

  function open() {
    var url = streamURL();
    if (!url || source || typeof window.EventSource !== "function") return;
    source = new EventSource(url);
    source.addEventListener("open", function () { retryDelay = 1000; });
    source.addEventListener("refresh", scheduleRefresh);
    source.addEventListener("reload", function () { location.reload(); });
    source.addEventListener("stylesheet", swapStylesheets);
    source.addEventListener("error", function () {
      // The browser retries a dropped stream itself; a refused one (429, 503) or a server
      // that is away is closed, and retried here with backoff, up to a minute apart.
      if (source && source.readyState === EventSource.CLOSED) {
        source = null;
        retryTimer = window.setTimeout(function () { retryTimer = 0; open(); }, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 60000);
      }
    });
  }

  function close() {
    if (retryTimer) { window.clearTimeout(retryTimer); retryTimer = 0; }
    if (source) { source.close(); source = null; }
  }

  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (event) {
    // Back from the back/forward cache: the page may have missed signals while away.
    if (event.persisted && streamURL()) { open(); scheduleRefresh(); } else { open(); }
  });
  open();
})();
// ===== END live =====
