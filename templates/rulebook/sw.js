// Rulebook's service worker, served at /sw.js by rulebook/web/views/offline.py so that it
// controls /en/ and /fr/. Pages come from the network first; when the network fails (or a
// gateway answers 502-504, or it is slow and a copy exists) they come from this device:
// the page itself, a rule's saved section page at its anchor, or the offline page.
"use strict";
var CONFIG = {{ config|safe }};
importScripts.apply(self, CONFIG.scripts);

var Store = self.RulebookOffline;
var SHELL = Store.SHELL + CONFIG.version;
var SLOW_MS = 4000;
var MAX_VISITED = 150;
var GATEWAY_ERRORS = [502, 503, 504];
var MATCH = { ignoreVary: true };

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
  if (url.origin !== self.location.origin) { return; }
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

function navigate(event, url) {
  var kept = Promise.resolve();
  var network = fetch(event.request).then(function (response) {
    if (worthKeeping(response)) { kept = remember(event.request, response.clone()); }
    return response;
  });
  event.waitUntil(network.then(function () { return kept; }, noop));
  event.respondWith(answer(network, event.request, url));
}

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
    return cached || savedRule(request, url).then(function (target) {
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
  return Store.list(lang).then(function (copies) {
    var path = url.pathname;
    for (var i = 0; i < copies.length; i += 1) {
      var copy = copies[i];
      if (path.indexOf(copy.toc) === 0) { return ruleInCopy(copy, path.slice(copy.toc.length)); }
    }
    var typed = null;
    if (path === CONFIG.search[lang]) { typed = url.searchParams.get("q"); }
    if (/^\/r\/[^/]+$/.test(path)) { typed = decode(path.slice(3)); }
    var number = typed && RuleNumbers.normalise(typed);
    if (!number) { return null; }
    var game = url.searchParams.get("game") || gameOf(request.referrer, copies);
    var ordered = copies.filter(function (c) { return c.game === game; }).concat(copies);
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
