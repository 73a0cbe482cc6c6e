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
  // Only dialogs not yet upgraded: a morph (below) may bring new ones into a page.
  function upgradeDialogs() {
    var dialogs = openDialogs();
    if (!dialogs.length || typeof dialogs[0].showModal !== "function") return;

    var store = storage();
    var previousDepth = store ? Number(store.getItem(DEPTH_KEY) || 0) : dialogs.length;
    dialogs.forEach(function (dialog, index) {
      if (dialog.webrouterUpgraded) {
        if (!dialog.matches(":modal")) { try { dialog.close(); dialog.showModal(); } catch (e) { /* kept open */ } }
        return;
      }
      dialog.webrouterUpgraded = true;
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
      if (!input || box.webrouterEnhanced) return;
      box.webrouterEnhanced = true;
      input.addEventListener("focus", function () { input.select(); });
      input.addEventListener("click", function () { input.select(); });
      if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") return;
      var button = box.querySelector("button[data-copy], .share-copy");
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "button share-copy";
        button.setAttribute("data-webrouter-keep", "");   // a morph keeps what this script added
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

  // For the morph below: after the page changed in place, the same enhancements for what it
  // brought, and the move's name (as pagereveal gives it to a new document).
  var api = window.WebRouter = window.WebRouter || {};
  api.enhance = function () { leaving = false; start(); };
  api.moveKind = moveKind;
  api.modalStyle = function () { return modalStyle(topModal()); };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

// ===== BEGIN morph: pages that change in place (issue 32) =====
// A form sent from a page is fetched instead of navigated, and the page it answers is
// morphed into the one shown: nodes the two pages share are kept and updated (so scroll
// position, focus, text selection, open <details> and what is being typed in a field the
// server did not change all survive); nodes only the new page has are inserted, the others
// removed. The result is the page a fresh load of the address bar's URL gives: the same
// landmarks, `data-screen`, <title> and history entry. When the answer lands on another URL
// (a POST answered 303 elsewhere, a picker's link), one history entry is pushed; Back and
// Forward morph back and restore that entry's scroll. Links to the screen shown (a picker:
// the same path, another query) are morphed too; links to other screens stay ordinary
// navigations (prefetched on intent by the speculation rules, or prerendered when the app
// asks), so they animate across documents.
// Without JavaScript, or without fetch/DOMParser/pushState, forms submit as always.
//
// Public: window.WebRouter.refresh() re-fetches location.href and morphs (for the event
// stream's refresh signal); concurrent calls share one fetch. WebRouter.morphs counts the
// morphs done, WebRouter.status is the status of the page shown (both for tests).
(function () {
  "use strict";
  var api = window.WebRouter = window.WebRouter || {};
  if (!window.fetch || !window.DOMParser || !window.FormData || !window.Promise || !history.pushState) return;

  api.morphs = 0;
  api.loading = 0;   // moves fetched and not yet shown
  function track(promise) {
    api.loading += 1;
    var finish = function () { api.loading -= 1; };
    promise.then(finish, finish);
    return promise;
  }
  api.status = 200;
  var entry = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  if (entry && entry.responseStatus) api.status = entry.responseStatus;

  function here() { return location.pathname + location.search; }
  function pathOf(url) { var u = new URL(url, location.href); return u.pathname + u.search; }
  var shown = here();   // the URL whose page the document shows (hash changes do not count)

  // ---- The morph ----------------------------------------------------------------------

  // Which old node a new one continues: the same id, else the same landmark (a dialog's or
  // body's data-screen, a nav's aria-label, a form control's name), else the next old sibling
  // of the same tag without an id or landmark of its own.
  function key(node) {
    if (node.nodeType !== 1) return null;
    if (node.id) return "#" + node.id;
    var landmark = node.getAttribute("data-screen") || node.getAttribute("aria-label");
    // A control by its name (a radio button, box or button also by its value: a group shares
    // the name); a hidden field's value may change (a fresh CSRF token), its name does not.
    if (!landmark && /^(input|select|textarea|button)$/.test(node.localName) && node.getAttribute("name")) {
      landmark = node.getAttribute("name") + "=" + (/^(radio|checkbox|submit|button)$/.test(node.type) ? node.getAttribute("value") : "");
    }
    return landmark ? node.localName + "|" + landmark : null;
  }

  function sameKind(a, b) {
    return a.nodeType === b.nodeType && (a.nodeType !== 1 || a.localName === b.localName);
  }

  function kept(node) { return node.nodeType === 1 && node.hasAttribute("data-webrouter-keep"); }

  function morphChildren(from, to) {
    var keyed = new Map(), wanted = new Set();
    for (var child = from.firstChild; child; child = child.nextSibling) {
      var k = key(child);
      if (k && !keyed.has(k)) keyed.set(k, child);
    }
    for (var fresh = to.firstChild; fresh; fresh = fresh.nextSibling) {
      var k1 = key(fresh);
      if (k1) wanted.add(k1);
    }
    var cursor = from.firstChild;
    var next = to.firstChild;
    while (next) {
      var following = next.nextSibling;
      while (cursor && kept(cursor)) cursor = cursor.nextSibling;
      var k2 = key(next), match = null;
      if (k2) {
        match = keyed.get(k2) || null;
        if (match) keyed.delete(k2);
      } else {
        // The next few unkeyed old siblings of the same kind (a node inserted before one
        // does not make every later one a stranger).
        for (var probe = cursor, steps = 0; probe && steps < 8; probe = probe.nextSibling, steps++) {
          if (!kept(probe) && !key(probe) && sameKind(probe, next)) { match = probe; break; }
        }
      }
      if (match && sameKind(match, next)) {
        // Moving a node would blur it: old nodes before the match that the new page does not
        // have go first, so that the match is usually in place already.
        while (cursor && cursor !== match && !kept(cursor) && !(key(cursor) && wanted.has(key(cursor)))) {
          var gone = cursor;
          cursor = cursor.nextSibling;
          from.removeChild(gone);
        }
        if (match !== cursor) from.insertBefore(match, cursor);
        else cursor = cursor.nextSibling;
        morphNode(match, next);
      } else {
        from.insertBefore(document.importNode(next, true), cursor);
      }
      next = following;
    }
    // What the new page does not have goes (but not what this script added to the page).
    while (cursor) {
      var after = cursor.nextSibling;
      if (!kept(cursor)) from.removeChild(cursor);
      cursor = after;
    }
  }

  function morphAttributes(from, to, skip) {
    var i, name;
    for (i = from.attributes.length - 1; i >= 0; i--) {
      name = from.attributes[i].name;
      if (!to.hasAttribute(name) && !skip[name] && name !== IN_PLACE) from.removeAttribute(name);
    }
    for (i = 0; i < to.attributes.length; i++) {
      name = to.attributes[i].name;
      if (!skip[name] && from.getAttribute(name) !== to.attributes[i].value) from.setAttribute(name, to.attributes[i].value);
    }
  }

  function morphNode(from, to) {
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;   // keeps a selection in unchanged text
      return;
    }
    var skip = {};
    var tag = from.localName;
    // An open <details> stays as the person left it; a dialog's `open` is showModal()'s.
    if (tag === "details" || tag === "dialog") skip.open = true;
    if (tag === "input") morphInput(from, to);
    if (tag === "textarea") {
      // What is typed stays unless the server changed the field's text.
      var typed = from.value, serverChanged = from.defaultValue !== to.textContent || !keepsTyping(from);
      morphAttributes(from, to, skip);
      if (serverChanged) { from.defaultValue = to.textContent; from.value = to.textContent; } else from.value = typed;
      return;
    }
    if (tag === "select") {
      var before = selectedOptions(from), value = from.value;
      morphAttributes(from, to, skip);
      morphChildren(from, to);
      if (selectedOptions(to) === before && keepsTyping(from)) from.value = value;   // the server did not change the choice
      return;
    }
    morphAttributes(from, to, skip);
    if (tag !== "script" && tag !== "template") morphChildren(from, to);
    else if (tag === "template" && from.innerHTML !== to.innerHTML) from.innerHTML = to.innerHTML;
  }

  function selectedOptions(select) {
    return Array.prototype.filter.call(select.querySelectorAll("option"), function (o) { return o.hasAttribute("selected"); })
      .map(function (o) { return o.value; }).join("\u0000");
  }

  // An input keeps what is typed (or ticked) unless the server sent another value (or state).
  function morphInput(from, to) {
    var type = (to.getAttribute("type") || "text").toLowerCase(), reset = !keepsTyping(from);
    if (type === "checkbox" || type === "radio") {
      if (reset || from.hasAttribute("checked") !== to.hasAttribute("checked")) from.checked = to.hasAttribute("checked");
    } else if (type === "file") {
      if (reset) from.value = "";
    } else if (reset || from.getAttribute("value") !== to.getAttribute("value")) {
      from.value = to.getAttribute("value") || "";
    }
    // morphAttributes (the caller) then sets the attributes, which leaves a changed value alone.
  }

  // ---- Showing a fetched page -----------------------------------------------------------

  // The form whose answer is being shown: its fields take the server's values (what was
  // typed there was sent); fields of other forms keep what is being typed in them.
  var sentForm = null;
  function keepsTyping(field) { return !sentForm || field.form !== sentForm; }

  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  // Morphs `html` (a whole page, as `url` answered it with `status`) into the document.
  // `how`: "replace" (the same entry), "push" (a new entry) or "traverse" (Back/Forward:
  // `scroll` is where that entry was left).
  function show(html, url, status, how, scroll, form) {
    var page = new DOMParser().parseFromString(html, "text/html");
    // Another version of the framework's script or stylesheet: only a fresh load is right.
    if (assetsOf(page) !== assetsOf(document)) {
      location.assign(url);
      return Promise.resolve();
    }
    var target = pathOf(url), moved = target !== shown;
    if (how === "push" && moved) {
      saveScroll();
      history.pushState({ webrouter: true }, "", url);
    } else if (how !== "traverse" && target !== here()) {
      history.replaceState({ webrouter: true }, "", url);
    }
    var kind = moved && api.moveKind ? api.moveKind(shown, target) : "same";
    shown = target;
    var update = function () {
      document.title = page.title;
      syncHead(page);
      sentForm = form || null;
      try {
        morphAttributes(document.body, page.body, {});
        morphChildren(document.body, page.body);
      } finally { sentForm = null; }
      api.status = status;
      api.morphs += 1;
      if (api.enhance) api.enhance();
      markInPlaceLinks();
      // The page's event stream is the new page's, as a fresh load would open it.
      if (api.followStream) api.followStream();
      if (moved) {
        var focused = document.activeElement;
        if (focused && focused !== document.body && !focused.closest("dialog")) focused.blur();
        if (how === "traverse" && scroll) window.scrollTo(scroll[0], scroll[1]);
        else if (location.hash && document.getElementById(location.hash.slice(1))) document.getElementById(location.hash.slice(1)).scrollIntoView();
        else window.scrollTo(0, 0);
      }
    };
    var types = [kind];
    if (kind === "present" || kind === "dismiss") types.push(kind + "-" + (api.modalStyle ? api.modalStyle() : "sheet"));
    if (moved) document.documentElement.setAttribute("data-move", types.join(" "));
    // Moves to another URL animate as a navigation does (same-document view transition);
    // an update of the page shown does not, nor anything under reduced motion.
    if (!moved || !document.startViewTransition || (reduceMotion && reduceMotion.matches)) {
      update();
      return Promise.resolve();
    }
    var transition;
    try { transition = document.startViewTransition({ update: update, types: types }); }
    catch (e) { transition = document.startViewTransition(update); }
    return transition.updateCallbackDone;
  }

  // What the head says about the page (not its assets, which are the same or a fresh load):
  // the event stream a page with live keys names. Anything else in the head stays.
  var HEAD_METAS = ["webrouter-events"];
  function syncHead(page) {
    HEAD_METAS.forEach(function (name) {
      var selector = 'meta[name="' + name + '"]';
      var mine = document.head.querySelector(selector), theirs = page.head && page.head.querySelector(selector);
      if (!theirs) { if (mine) mine.remove(); return; }
      if (!mine) {
        mine = document.createElement("meta");
        mine.setAttribute("name", name);
        document.head.appendChild(mine);
      }
      if (mine.getAttribute("content") !== theirs.getAttribute("content")) mine.setAttribute("content", theirs.getAttribute("content"));
    });
  }

  function assetsOf(doc) {
    return Array.prototype.map.call(doc.querySelectorAll('script[src*="/_webrouter/webrouter."], link[href*="/_webrouter/webrouter."]'),
      function (node) { return node.getAttribute("src") || node.getAttribute("href"); }).join(" ");
  }

  function saveScroll() {
    var state = Object.assign({}, history.state || {}, { webrouter: true, scroll: [window.scrollX, window.scrollY] });
    history.replaceState(state, "");
  }

  // A fetched answer becomes the page when it is one of ours (HTML); anything else (a file,
  // another origin after redirects) is left to a real navigation.
  function land(response, how, scroll, fallback, form) {
    var type = response.headers.get("Content-Type") || "";
    if (new URL(response.url).origin !== location.origin || type.indexOf("text/html") !== 0) {
      fallback();
      return null;
    }
    return response.text().then(function (html) { return show(html, response.url, response.status, how, scroll, form); });
  }

  // ---- Links to the screen shown ----------------------------------------------------------

  // Marked by this script (and kept by the morph), so the speculation rules do not prerender
  // a page the click will fetch and morph anyway.
  var IN_PLACE = "data-webrouter-in-place";

  function inPlace(anchor) {
    if (!anchor || !anchor.href || anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return false;
    if (/(^|\s)external(\s|$)/.test(anchor.rel || "") || anchor.closest("[data-webrouter-navigate]")) return false;
    var url = new URL(anchor.href, location.href);
    return url.origin === location.origin && url.pathname === location.pathname && (url.search !== location.search || !url.hash);
  }

  function markInPlaceLinks() {
    Array.prototype.forEach.call(document.querySelectorAll("a[href]"), function (anchor) {
      if (inPlace(anchor)) anchor.setAttribute(IN_PLACE, "");
      else anchor.removeAttribute(IN_PLACE);
    });
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var anchor = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!inPlace(anchor)) return;
    event.preventDefault();
    var url = anchor.href;
    beginPending(regionOf(anchor));
    track(fetch(url, { credentials: "same-origin" }).then(function (response) {
      return land(response, "push", null, function () { location.assign(url); });
    }).then(endPending, function () { endPending(); location.assign(url); }));
  });

  // A link to another screen is an ordinary navigation: the page stays until the next one
  // arrives, so a slow one shows the pending bar too (a prerendered one arrives before it shows).
  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var anchor = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!anchor || anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return;
    var url = new URL(anchor.href, location.href);
    if (url.origin === location.origin && !(url.pathname === location.pathname && url.hash)) beginPending(regionOf(anchor));
  });

  // ---- Pending state ----------------------------------------------------------------------

  // A move slower than 200 ms shows a progress bar, says "Loading" to screen readers (a live
  // region) and marks the region being replaced aria-busy.
  var indicator = null, pendingTimer = 0, busyRegion = null;
  function beginPending(region) {
    endPending();
    busyRegion = region || document.getElementById("main") || document.body;
    pendingTimer = window.setTimeout(function () {
      if (!indicator || !indicator.isConnected) {
        indicator = document.createElement("div");
        indicator.className = "wr-progress";
        indicator.setAttribute("role", "status");
        indicator.setAttribute("data-webrouter-keep", "");
        document.body.appendChild(indicator);
      }
      indicator.textContent = "Loading…";
      indicator.classList.add("wr-progress-active");
      busyRegion.setAttribute("aria-busy", "true");
    }, 200);
  }
  function endPending() {
    window.clearTimeout(pendingTimer);
    if (indicator) { indicator.classList.remove("wr-progress-active"); indicator.textContent = ""; }
    if (busyRegion) busyRegion.removeAttribute("aria-busy");
    busyRegion = null;
  }
  api.pending = function () { return !!(indicator && indicator.classList.contains("wr-progress-active")); };

  // ---- Forms ------------------------------------------------------------------------------

  var inFlight = new WeakSet();

  function regionOf(element) {
    return (element && element.closest("dialog")) || document.getElementById("main") || document.body;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (inFlight.has(form)) { event.preventDefault(); return; }   // a second submit is ignored
    if (event.defaultPrevented) return;
    var submitter = event.submitter || null;
    var method = ((submitter && submitter.getAttribute("formmethod")) || form.getAttribute("method") || "get").toLowerCase();
    var action = new URL((submitter && submitter.getAttribute("formaction")) || form.getAttribute("action") || location.href, location.href);
    var target = (submitter && submitter.getAttribute("formtarget")) || form.getAttribute("target") || "";
    inFlight.add(form);
    beginPending(regionOf(form));
    // Sent by the browser: a form of another origin or window, a dialog form, a GET to
    // another screen (an ordinary navigation, prerendered or not), or one the app marks.
    if (method === "dialog" || (target && target !== "_self") || action.origin !== location.origin ||
        form.hasAttribute("data-webrouter-navigate") || (method === "get" && action.pathname !== location.pathname)) return;
    event.preventDefault();
    var data;
    try { data = new FormData(form, submitter); } catch (e) {
      data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    }
    // As a browser sends a form: line breaks as CR LF.
    var entries = [];
    data.forEach(function (value, name) {
      entries.push([name, typeof value === "string" ? value.replace(/\r?\n|\r/g, "\r\n") : value]);
    });
    var request;
    if (method === "get") {
      var query = new URLSearchParams();
      entries.forEach(function (entry) { if (typeof entry[1] === "string") query.append(entry[0], entry[1]); });
      action.search = query.toString();
      request = fetch(action.href, { credentials: "same-origin" });
    } else {
      var encoding = (submitter && submitter.getAttribute("formenctype")) || form.getAttribute("enctype") || "";
      var body;
      if (encoding.toLowerCase() === "multipart/form-data") {
        body = new FormData();
        entries.forEach(function (entry) { body.append(entry[0], entry[1]); });
      } else {
        body = new URLSearchParams();
        entries.forEach(function (entry) { body.append(entry[0], typeof entry[1] === "string" ? entry[1] : entry[1].name); });
      }
      request = fetch(action.href, { method: "POST", body: body, credentials: "same-origin" });
    }
    var done = function () { inFlight.delete(form); endPending(); };
    track(request.then(function (response) {
      return land(response, "push", null, function () { location.assign(response.url); }, form);
    }).then(done, function () {
      // Offline or refused: let the browser send it and say what happened.
      done();
      inFlight.add(form);
      HTMLFormElement.prototype.submit.call(form);
    }));
  });

  // Back to a page kept in the back/forward cache: nothing is in flight any more.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { inFlight = new WeakSet(); endPending(); }
  });

  // ---- History ------------------------------------------------------------------------------

  // Back or Forward between entries this script pushed: morph to that entry's page, as a
  // fresh load of its URL gives it, and put back the scroll it was left at.
  window.addEventListener("popstate", function (event) {
    if (here() === shown) return;   // a fragment link: the browser scrolls
    var scroll = event.state && event.state.scroll;
    beginPending();
    track(fetch(location.href, { credentials: "same-origin" }).then(function (response) {
      return land(response, "traverse", scroll, function () { location.reload(); });
    }).then(endPending, function () { endPending(); location.reload(); }));
  });
  // Leaving a pushed entry remembers where it was scrolled to (a fresh document's entry gets
  // the browser's own restoration, as always).
  window.addEventListener("pagehide", function () { if (history.state && history.state.webrouter) saveScroll(); });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", markInPlaceLinks);
  else markInPlaceLinks();

  // ---- Refresh --------------------------------------------------------------------------------

  // Re-fetches the page shown and morphs it in place. Calls made while one is under way share
  // it, and one more follows it if any came in meanwhile (what changed after its fetch began).
  var refreshing = null, again = null;
  api.refresh = function () {
    if (refreshing) {
      if (!again) again = refreshing.then(function () { again = null; return api.refresh(); });
      return again;
    }
    refreshing = track(fetch(location.href, { credentials: "same-origin" }).then(function (response) {
      return land(response, "replace", null, function () { location.reload(); });
    }).then(function () { refreshing = null; }, function (error) { refreshing = null; throw error; }));
    return refreshing;
  };
})();
// ===== END morph =====

// ===== BEGIN instant moves: prefetch on intent where Speculation Rules is missing =====
// Chromium prefetches (or, when the app chooses, prerenders) same-origin links on intent from
// the rules the server names in its `Speculation-Rules` header
// (/_webrouter/speculation-prefetch.json or speculation-rules.json). Elsewhere, hovering a
// link (65 ms), pressing on it or focusing it prefetches its page with <link rel=prefetch>.
// Never: another origin, a download, another window, the sign-out link and links the app
// marks `data-webrouter-prefetch="never"` (the same links the rules leave out), or links to
// the framework's own files.
(function () {
  "use strict";
  if (window.HTMLScriptElement && HTMLScriptElement.supports && HTMLScriptElement.supports("speculationrules")) return;
  var link = document.createElement("link");
  if (!link.relList || !link.relList.supports || !link.relList.supports("prefetch")) return;

  var done = new Set(), hoverTimer = 0;

  function eligible(anchor) {
    if (!anchor || !anchor.href || anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return false;
    if (anchor.hasAttribute("data-webrouter-in-place") || anchor.closest('[data-webrouter-prefetch="never"]') || /(^|\s)(external|nofollow)(\s|$)/.test(anchor.rel || "")) return false;
    var url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.pathname.indexOf("/_webrouter/") === 0) return false;
    if (/sign-?out|log-?out/i.test(url.pathname + url.search)) return false;
    return url.pathname + url.search !== location.pathname + location.search;
  }

  function prefetch(anchor) {
    if (!eligible(anchor)) return;
    var url = anchor.href.split("#")[0];
    if (done.has(url)) return;
    done.add(url);
    var hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = url;
    document.head.appendChild(hint);
  }

  function anchorOf(event) { return event.target && event.target.closest ? event.target.closest("a[href]") : null; }

  document.addEventListener("mouseover", function (event) {
    var anchor = anchorOf(event);
    window.clearTimeout(hoverTimer);
    if (anchor) hoverTimer = window.setTimeout(function () { prefetch(anchor); }, 65);
  });
  document.addEventListener("pointerdown", function (event) { prefetch(anchorOf(event)); });
  document.addEventListener("focusin", function (event) { prefetch(anchorOf(event)); });
})();
// ===== END instant moves =====

// ===== BEGIN visits shown from a prefetch =====
// A page fetched ahead of a move (prefetched on intent, or prerendered) was not a visit when
// the server answered it (`Sec-Purpose`): no route observer saw it, no tab remembered it,
// the access log marked it. When the browser shows such a page, it reports itself once to
// /_webrouter/visit, which does what the visit would have done, without rendering it again.
(function () {
  "use strict";
  if (!window.fetch || !window.performance) return;
  var reported = false;
  function report() {
    if (reported) return;
    reported = true;
    fetch("/_webrouter/visit", {
      method: "POST", credentials: "same-origin", keepalive: true,
      headers: { "Content-Type": "text/plain" }, body: location.pathname + location.search
    }).catch(function () {});
  }
  if (document.prerendering) {
    document.addEventListener("prerenderingchange", report, { once: true });
    return;
  }
  var entry = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  if (!entry || entry.type !== "navigate") return;
  // Chromium names a speculation-rules prefetch; elsewhere a <link rel=prefetch> is a cache hit.
  if (entry.deliveryType === "navigational-prefetch" || entry.deliveryType === "cache"
      || (entry.deliveryType === undefined && entry.transferSize === 0 && entry.decodedBodySize > 0)) report();
})();
// ===== END visits shown from a prefetch =====

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
   page. A page the morph shows (a form's answer, a link, Back or Forward) brings its own
   meta: the stream follows it, opened, changed or closed as a fresh load of that page would. In development (`serve --dev`): `reload` reloads, `stylesheet` swaps the page's
   stylesheets in place with a cache-busting query. */
(function () {
  "use strict";

  var source = null;
  var opened = null;   // the URL `source` (or the retry waiting) is for
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
        follow();
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
    opened = url;
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
    opened = null;
  }

  // After the page shown changed in place (a form's answer, a link, Back or Forward, a
  // refresh): the stream its head names now, as a fresh load of it would open, or none.
  function follow() {
    var url = streamURL();
    if (url === opened && (source || retryTimer)) return;
    close();
    retryDelay = 1000;
    open();
  }
  var api = window.WebRouter = window.WebRouter || {};
  api.followStream = follow;
  // What the page's stream is doing (for tests): "open", "connecting" or "none", and its URL.
  api.stream = function () {
    return { state: !source ? "none" : source.readyState === 1 ? "open" : "connecting", url: source ? opened : null };
  };

  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (event) {
    // Back from the back/forward cache: the page may have missed signals while away.
    if (event.persisted && streamURL()) { open(); scheduleRefresh(); } else { open(); }
  });
  open();
})();
// ===== END live =====
