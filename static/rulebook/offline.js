// Offline reading, page side: registers the service worker, runs the "Save for offline" panel on
// a game's page, and lists saved copies and visited pages on the offline page. Everything is
// hidden until this file finds service workers and Cache Storage; without them (or without
// JavaScript) the site is the plain site.
(function () {
  "use strict";
  var script = document.currentScript;
  var Store = window.RulebookOffline;
  var supported = "serviceWorker" in navigator && "caches" in window && !!Store;
  var lang = document.documentElement.lang || "en";
  var IMAGE_SILENCE_MS = 20000;

  function register() {
    if (!supported || !script || !script.dataset.sw) { return Promise.resolve(null); }
    return navigator.serviceWorker.register(script.dataset.sw, { scope: "/" }).catch(function () {
      return null;
    });
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  }

  function size(bytes) {
    var megabytes = bytes / 1048576;
    var unit = megabytes >= 0.1 ? "megabyte" : "kilobyte";
    var value = megabytes >= 0.1 ? megabytes : Math.max(1, bytes / 1024);
    try {
      return new Intl.NumberFormat(lang, { style: "unit", unit: unit, maximumFractionDigits: 1 }).format(value);
    } catch (error) {
      return Math.round(value * 10) / 10 + (unit === "megabyte" ? " MB" : " kB");
    }
  }

  function day(iso) {
    try {
      return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
    } catch (error) {
      return iso;
    }
  }

  function summary(template, meta) {
    return fill(template, {
      pages: meta.saved.pages, size: size(meta.saved.bytes), version: meta.version, date: day(meta.saved.at)
    });
  }

  // ---- The panel on a game's page ----
  function Panel(root, registration) {
    this.root = root;
    this.registration = registration;
    this.data = root.dataset;
    this.busy = false;
    root.addEventListener("click", this.onClick.bind(this));
  }

  Panel.prototype.show = function (selector, visible) {
    this.root.querySelectorAll(selector).forEach(function (el) { el.hidden = !visible; });
  };

  // A copy saved from older data is stale, unless this page is itself that older copy's page
  // and the worker has just replaced it.
  Panel.prototype.state = function (meta, failed) {
    var updated = meta && meta.updated;
    var stale = !!meta && meta.stamp !== this.data.stamp && !(updated && updated.from === this.data.stamp);
    this.show("[data-state=none]", !meta && !this.busy);
    this.show("[data-state=estimate]", !meta && !this.busy && !!this.manifest);
    this.show("[data-state=saving]", this.busy);
    this.show("[data-state=saved]", !!meta && !this.busy);
    this.show("[data-state=stale]", stale && !this.busy);
    this.show("[data-state=updated]", !!updated && !stale && !this.busy);
    this.show("[data-state=failed]", !!failed);
    this.show("[data-action=save]", !meta);
    this.show("[data-action=update]", stale);
    this.show("[data-action=remove]", !!meta);
    this.root.querySelectorAll("button").forEach(function (b) { b.disabled = this.busy; }, this);
    if (meta) { this.root.querySelector("[data-field=summary]").textContent = summary(this.data.summary, meta); }
    if (updated && !stale) {
      this.root.querySelector("[data-field=updated]").textContent = fill(this.data.updated, {
        version: meta.version, previous: updated.version, date: day(updated.at)
      });
    }
    this.root.dataset.saved = this.busy ? "saving" : meta ? (stale ? "stale" : "saved") : "none";
  };

  Panel.prototype.refresh = function (failed) {
    var panel = this;
    return Store.find(this.data.lang, this.data.game).then(function (meta) {
      panel.meta = meta;
      panel.state(meta, failed);
      return meta;
    });
  };

  // What saving would store and its size, said before the reader saves.
  Panel.prototype.estimate = function () {
    var panel = this;
    return Store.manifest(this.data.manifest).then(function (manifest) {
      panel.manifest = manifest;
      panel.root.querySelector("[data-field=estimate]").textContent = fill(panel.data.estimate, {
        pages: manifest.urls.length, size: size(manifest.size.bytes)
      });
      panel.state(panel.meta, false);
    }).catch(function () {});
  };

  Panel.prototype.progress = function (progress) {
    var bar = this.root.querySelector("progress");
    bar.max = Math.max(1, progress.total);
    bar.value = progress.done;
    this.root.querySelector("[data-field=progress]").textContent = fill(this.data.progress, {
      done: progress.done, total: progress.total, size: size(progress.bytes)
    });
  };

  // The worker saved this game again in the background: say so, from the new copy.
  Panel.prototype.onMessage = function (event) {
    var message = event.data || {};
    if (message.type !== "rulebook-offline" || message.game !== this.data.game || message.lang !== this.data.lang) {
      return;
    }
    if (message.state === "updating") {
      this.root.dataset.saved = "updating";
      return;
    }
    this.refresh(false);
  };

  Panel.prototype.onClick = function (event) {
    var action = event.target.closest("[data-action]");
    if (!action || this.busy) { return; }
    var panel = this;
    var work = action.dataset.action === "remove"
      ? Store.remove(this.data.lang, this.data.game)
      : this.save();
    this.busy = action.dataset.action !== "remove";
    this.state(null, false);
    work.then(function () {
      panel.busy = false;
      return panel.refresh(false);
    }, function () {
      panel.busy = false;
      return panel.refresh(true);
    });
  };

  // Saving is only useful once a worker can answer offline: wait for it before saying "saved".
  Panel.prototype.save = function () {
    var panel = this;
    if (navigator.storage && navigator.storage.persist) { navigator.storage.persist().catch(function () {}); }
    return Promise.resolve(this.registration).then(function (active) {
      if (!active) { return null; }
      return Promise.race([navigator.serviceWorker.ready, new Promise(function (resolve) {
        setTimeout(resolve, 10000);
      })]);
    }).then(function () {
      var options = { manifest: panel.manifest, previous: panel.meta, images: workerImages };
      panel.manifest = null;
      return Store.save(panel.data.manifest, panel.progress.bind(panel), options);
    });
  };

  // Card images are fetched by the worker (a page may only fetch from this site); the save
  // goes on without them when there is no worker to ask.
  function workerImages(cache, urls, progress, name) {
    var worker = navigator.serviceWorker.controller;
    if (!worker) { return Promise.resolve(); }
    var id = String(Math.random()).slice(2);
    var start = progress.done;
    var bytes = progress.bytes;
    return new Promise(function (resolve) {
      var watchdog = null;
      function finish() {
        clearTimeout(watchdog);
        navigator.serviceWorker.removeEventListener("message", listen);
        resolve();
      }
      // A worker that stopped answering (replaced mid-save) must not hold the save forever.
      function wait() {
        clearTimeout(watchdog);
        watchdog = setTimeout(finish, IMAGE_SILENCE_MS);
      }
      function listen(event) {
        var data = event.data || {};
        if (data.id !== id) { return; }
        wait();
        progress.done = start + (data.done === undefined ? urls.length : data.done);
        progress.bytes = bytes + data.bytes;
        progress.report(progress);
        if (data.type === "rulebook-images-done") {
          progress.images = data.images;
          finish();
        }
      }
      navigator.serviceWorker.addEventListener("message", listen);
      wait();
      worker.postMessage({ type: "rulebook-images", id: id, cache: name, urls: urls });
    });
  }

  // ---- The offline page ----
  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }

  function link(href, text) {
    var a = element("a", "", text);
    a.href = href;
    return a;
  }

  function savedItem(root, meta) {
    var item = element("li", "saved-copy");
    var title = element("h3");
    title.appendChild(link(meta.home, meta.name + " (" + meta.lang.toUpperCase() + ")"));
    item.appendChild(title);
    item.appendChild(element("p", "doc-meta", summary(root.dataset.summary, meta)));
    var actions = element("p", "offline-actions");
    actions.appendChild(link(meta.toc, root.dataset.contents));
    var remove = element("button", "secondary", root.dataset.remove);
    remove.type = "button";
    remove.addEventListener("click", function () {
      remove.disabled = true;
      Store.remove(meta.lang, meta.game).then(function () { return showOffline(root); });
    });
    actions.appendChild(remove);
    item.appendChild(actions);
    return item;
  }

  function pageTitle(request) {
    return caches.match(request, { ignoreVary: true })
      .then(function (response) { return response ? response.text() : ""; })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        // Every title ends with the site's name; the list is all Rulebook pages.
        return doc.title.replace(/\s+·\s+Rulebook$/, "") || new URL(request.url).pathname;
      });
  }

  function showVisited(root) {
    var list = root.querySelector(".visited-list");
    return Store.visited().then(function (requests) {
      var recent = requests.slice(-50).reverse();
      return Promise.all(recent.map(pageTitle)).then(function (titles) {
        list.textContent = "";
        recent.forEach(function (request, index) {
          var item = element("li");
          item.appendChild(link(new URL(request.url).pathname + new URL(request.url).search, titles[index]));
          list.appendChild(item);
        });
        root.querySelector("[data-empty=visited]").hidden = recent.length > 0;
      });
    });
  }

  function showOffline(root) {
    var list = root.querySelector(".saved-list");
    return Store.list().then(function (metas) {
      list.textContent = "";
      metas.forEach(function (meta) { list.appendChild(savedItem(root, meta)); });
      root.querySelector("[data-empty=saved]").hidden = metas.length > 0;
      root.hidden = false;
      return showVisited(root);
    });
  }

  function offlinePage(root) {
    document.querySelectorAll("[data-offline-needs]").forEach(function (el) { el.hidden = true; });
    var missed = document.querySelector("[data-offline-missed]");
    if (missed && location.pathname !== root.dataset.path) {
      missed.querySelector("[data-field=missed]").textContent = location.pathname + location.search;
      missed.hidden = false;
    }
    return showOffline(root);
  }

  function start() {
    if (!supported) { return; }
    var registration = register();
    var panel = document.querySelector(".offline-panel");
    if (panel) {
      // Only offer saving where a worker can answer offline.
      registration.then(function (active) {
        if (!active) { return null; }
        var saver = new Panel(panel, active);
        navigator.serviceWorker.addEventListener("message", saver.onMessage.bind(saver));
        return saver.refresh(false).then(function (meta) {
          panel.hidden = false;
          return meta && meta.stamp === saver.data.stamp ? null : saver.estimate();
        });
      }).catch(function () {});
    }
    var saved = document.querySelector(".offline-copies");
    if (saved) { offlinePage(saved).catch(function () {}); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
