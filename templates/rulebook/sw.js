// Rulebook's service worker, served at /sw.js by rulebook/web/views/offline.py so that it
// controls /en/ and /fr/. A page of a saved copy ("Save for offline") is answered from this
// device at once, marked with the SAVED_HEADER, and the copy is checked against the site's
// stamp in the background and saved again when the site changed. Other pages come from the
// network first; when the network fails (or a gateway answers 502-504, or it is slow and a
// copy exists, or the device says it is offline) they come from this device: a visited copy,
// a rule's saved section page at its anchor, or the offline page.
"use strict";
var CONFIG = {{ config|safe }};
importScripts.apply(self, CONFIG.scripts);

var Store = self.RulebookOffline;
var SHELL = Store.SHELL + CONFIG.version;
var SLOW_MS = 4000;
var MAX_VISITED = 150;
var GATEWAY_ERRORS = [502, 503, 504];
var MATCH = { ignoreVary: true };
var SAVED_HEADER = "X-Rulebook-Offline";
var CHECK_MS = 5 * 60 * 1000; // at most one stamp check per saved copy in this time
var checked = {};
var updating = {};

self.addEventListener("install", function (event) {
  var offlinePages = Object.keys(CONFIG.offline).map(function (lang) { return CONFIG.offline[lang]; });
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(CONFIG.shell.concat(offlinePages, [CONFIG.manifest])); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf(Store.SHELL) === 0 && name !== SHELL;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    if (request.destination === "image") { event.respondWith(image(request)); }
    return;
  }
  if (request.mode === "navigate" && isReaderPage(url.pathname)) {
    navigate(event, url);
  } else if (url.pathname.indexOf(CONFIG.static) === 0 || url.pathname === CONFIG.manifest) {
    event.respondWith(asset(event));
  }
});

function isReaderPage(path) {
  return path === "/" || /^\/r\//.test(path) || Object.keys(CONFIG.offline).some(function (lang) {
    return path.indexOf("/" + lang + "/") === 0;
  });
}

function noop() {}

// Static files (hashed names in production) and the web app manifest: a stored copy answers at
// once and is refreshed in the background; otherwise fetch and keep it.
function asset(event) {
  return caches.match(event.request, MATCH).then(function (cached) {
    var fresh = fetch(event.request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(SHELL).then(function (cache) { return cache.put(event.request, copy); }).catch(noop);
      }
      return response;
    });
    if (cached) {
      event.waitUntil(fresh.catch(noop));
      return cached;
    }
    return fresh;
  });
}

// A card image: the saved copy's, else the network's (never kept outside a saved copy).
function image(request) {
  return Store.match(request.url).then(function (hit) { return hit ? hit.response : fetch(request); });
}

function navigate(event, url) {
  var work = Store.match(url.href.split("#")[0]).then(function (hit) {
    if (hit) { return { response: marked(hit.response), later: refresh(hit.meta) }; }
    if (self.navigator.onLine === false) {
      return { response: fromDevice(event.request, url).then(function (copy) { return copy || offlinePage(url); }) };
    }
    var kept = Promise.resolve();
    var network = fetch(event.request).then(function (response) {
      if (worthKeeping(response)) { kept = remember(event.request, response.clone()); }
      return response;
    });
    return { response: answer(network, event.request, url), later: network.then(function () { return kept; }) };
  });
  event.respondWith(work.then(function (w) { return w.response; }));
  event.waitUntil(work.then(function (w) { return w.later; }).catch(noop));
}

// A saved page as a fresh response (a stored redirected response cannot answer a navigation)
// that says where it came from.
function marked(response) {
  var headers = new Headers(response.headers);
  headers.set(SAVED_HEADER, "saved");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: headers });
}

// When online, compare the copy's stamp with the site's; when the site changed, save the copy
// again beside the old one (which keeps answering until the new one is complete) and tell
// the open pages.
function refresh(meta) {
  var key = meta.lang + "|" + meta.game;
  if (self.navigator.onLine === false || updating[key] || Date.now() - (checked[key] || 0) < CHECK_MS) {
    return null;
  }
  checked[key] = Date.now();
  updating[key] = true;
  return Store.manifest(meta.manifest)
    .then(function (fresh) {
      if (fresh.stamp === meta.stamp) { return null; }
      tell({ type: "rulebook-offline", state: "updating", lang: meta.lang, game: meta.game });
      var options = { manifest: fresh, previous: meta, images: Store.storeImages };
      return Store.save(meta.manifest, null, options).then(function (saved) {
        tell({ type: "rulebook-offline", state: "updated", lang: saved.lang, game: saved.game, version: saved.version, stamp: saved.stamp });
      });
    })
    .catch(function () { checked[key] = 0; })
    .then(function () { updating[key] = false; });
}

function tell(message) {
  return self.clients.matchAll({ type: "window" }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage(message); });
  });
}

// The page side asks the worker to store a new copy's card images: the worker may fetch from
// the image hosts (its own policy names them), a page may not.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "rulebook-images" || !event.source) { return; }
  var progress = { done: 0, total: data.urls.length, bytes: 0, images: 0, report: function (p) {
    event.source.postMessage({ type: "rulebook-images-progress", id: data.id, done: p.done, bytes: p.bytes });
  } };
  event.waitUntil(caches.open(data.cache)
    .then(function (cache) { return Store.storeImages(cache, data.urls, progress); })
    .catch(noop)
    .then(function () {
      event.source.postMessage({ type: "rulebook-images-done", id: data.id, images: progress.images, bytes: progress.bytes });
    }));
});

function worthKeeping(response) {
  var type = response.headers.get("Content-Type") || "";
  return response.status === 200 && response.type === "basic" && type.indexOf("text/html") === 0;
}

function remember(request, response) {
  return caches.open(Store.VISITED).then(function (cache) {
    return cache.put(request.url, response)
      .then(function () { return cache.keys(); })
      .then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_VISITED)).map(function (key) {
          return cache.delete(key);
        }));
      });
  }).catch(noop);
}

// The network's answer; a copy from this device when the network fails, a gateway says the
// site is unreachable, or the network is slow and a copy exists.
function answer(network, request, url) {
  return new Promise(function (resolve) {
    var settled = false;
    function settle(response) {
      if (!settled) { settled = true; resolve(response); }
    }
    var timer = setTimeout(function () {
      fromDevice(request, url).then(function (copy) { if (copy) { settle(copy); } }, noop);
    }, SLOW_MS);
    network.then(function (response) {
      clearTimeout(timer);
      if (GATEWAY_ERRORS.indexOf(response.status) < 0) { return settle(response); }
      return fromDevice(request, url).then(function (copy) { settle(copy || response); });
    }, function () {
      clearTimeout(timer);
      return fromDevice(request, url).then(function (copy) { settle(copy || offlinePage(url)); });
    }).catch(function () { settle(offlinePage(url)); });
  });
}

function fromDevice(request, url) {
  return caches.match(url.href.split("#")[0], MATCH).then(function (cached) {
    if (cached) { return cached; }
    return savedRule(request, url).then(function (target) {
      return target ? Response.redirect(new URL(target, url).href, 302) : null;
    });
  });
}

function languageOf(url) {
  var lang = url.pathname.split("/")[1];
  if (CONFIG.offline[lang]) { return lang; }
  lang = (self.navigator.language || "en").slice(0, 2);
  return CONFIG.offline[lang] ? lang : "en";
}

function offlinePage(url) {
  return caches.match(CONFIG.offline[languageOf(url)], MATCH).then(function (page) {
    return page || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  });
}

// Where a rule URL, a number typed in a search box, or a short link lands in a saved copy.
function savedRule(request, url) {
  var lang = languageOf(url);
  return Store.books(lang).then(function (books) {
    var path = url.pathname;
    for (var i = 0; i < books.length; i += 1) {
      var book = books[i];
      if (path.indexOf(book.toc) === 0) { return ruleInCopy(book, path.slice(book.toc.length)); }
    }
    var typed = null;
    if (path === CONFIG.search[lang]) { typed = url.searchParams.get("q"); }
    if (/^\/r\/[^/]+$/.test(path)) { typed = decode(path.slice(3)); }
    var number = typed && RuleNumbers.normalise(typed);
    if (!number) { return null; }
    var game = url.searchParams.get("game") || gameOf(request.referrer, books);
    var ordered = books.filter(function (b) { return b.game === game; }).concat(books);
    for (var j = 0; j < ordered.length; j += 1) {
      var target = Store.locate(ordered[j], number);
      if (target) { return target; }
    }
    return null;
  });
}

// "813.1c/" or "2026-05-01/813.1c/" after a copy's contents URL.
function ruleInCopy(copy, rest) {
  var parts = rest.split("/").filter(Boolean);
  if (parts.length === 2 && parts[0] === copy.version) { parts = parts.slice(1); }
  if (parts.length !== 1) { return null; }
  return Store.locate(copy, RuleNumbers.lookupKey(decode(parts[0])));
}

function gameOf(referrer, copies) {
  if (!referrer) { return null; }
  var path = new URL(referrer).pathname;
  var copy = copies.filter(function (c) { return path.indexOf(c.home) === 0; })[0];
  return copy ? copy.game : null;
}

function decode(segment) {
  try { return decodeURIComponent(segment); } catch (error) { return segment; }
}
