// Saved copies in Cache Storage, shared by the pages (save, remove, list) and the service worker
// (answer a saved page at once, a rule URL from its section page, update a stale copy). One cache per saved copy, named after the game,
// language and data stamp, so an update downloads beside the old copy and swaps at the end.
(function (root) {
  "use strict";
  var SAVED = "rulebook-saved|";
  var VISITED = "rulebook-visited";
  var SHELL = "rulebook-shell-";
  // Each saved copy keeps its description (the server's offline.json plus what was stored)
  // under this key of its own cache; no page lives there.
  var META = "/offline-copy.json";
  var WORKERS = 4;
  var lookups = {};

  function savedName(lang, game, stamp) {
    return SAVED + lang + "|" + game + "|" + stamp;
  }

  function copyNames(lang, game) {
    var prefix = SAVED + (lang ? lang + "|" + (game ? game + "|" : "") : "");
    return caches.keys().then(function (names) {
      return names.filter(function (name) { return name.indexOf(prefix) === 0; });
    });
  }

  function metaOf(name) {
    return caches.open(name)
      .then(function (cache) { return cache.match(META); })
      .then(function (response) { return response ? response.json() : null; })
      .then(function (meta) {
        if (meta) { meta.cache = name; }
        return meta;
      });
  }

  // Every complete saved copy, newest save first; "lang" and "game" narrow the list.
  function list(lang, game) {
    return copyNames(lang, game)
      .then(function (names) { return Promise.all(names.map(metaOf)); })
      .then(function (metas) {
        return metas.filter(Boolean).sort(function (a, b) {
          return (b.saved.at || "").localeCompare(a.saved.at || "");
        });
      });
  }

  function find(lang, game) {
    return list(lang, game).then(function (metas) { return metas[0] || null; });
  }

  function store(cache, url, progress) {
    return fetch(url, { credentials: "same-origin", cache: "no-cache" }).then(function (response) {
      if (!response.ok) { throw new Error("HTTP " + response.status + " for " + url); }
      // A redirected response cannot answer a navigation: keep it under where it landed.
      var key = response.redirected ? response.url : url;
      return response.clone().blob().then(function (blob) {
        progress.bytes += blob.size;
        return cache.put(key, response);
      }).then(function () {
        progress.done += 1;
        progress.report(progress);
      });
    });
  }

  function storeAll(cache, urls, progress) {
    var queue = urls.slice();
    function next() {
      var url = queue.shift();
      return url === undefined ? null : store(cache, url, progress).then(next);
    }
    var workers = [];
    for (var i = 0; i < WORKERS; i += 1) { workers.push(next()); }
    return Promise.all(workers);
  }

  function manifestOf(manifestUrl) {
    return fetch(manifestUrl, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (!response.ok) { throw new Error("HTTP " + response.status + " for " + manifestUrl); }
      return response.json();
    });
  }

  // Download everything offline.json lists into a fresh cache, then drop older copies of the
  // same game and language. A failed page download leaves the previous copy untouched; card
  // images are extras, stored by options.images (the worker) and skipped when they fail.
  // options: manifest (offline.json, already fetched), images(cache, urls, progress),
  // previous (the copy this one replaces, for "updated from version ...").
  function save(manifestUrl, report, options) {
    options = options || {};
    var progress = { done: 0, total: 0, bytes: 0, images: 0, report: report || function () {} };
    var manifest = options.manifest ? Promise.resolve(options.manifest) : manifestOf(manifestUrl);
    return manifest.then(function (meta) {
      var name = savedName(meta.lang, meta.game, meta.stamp);
      var pages = meta.urls;
      var images = options.images ? (meta.images || []) : [];
      progress.total = pages.length + meta.assets.length + images.length;
      progress.report(progress);
      return caches.delete(name).then(function () { return caches.open(name); })
        .then(function (cache) {
          return storeAll(cache, pages.concat(meta.assets), progress)
            .then(function () { return images.length ? options.images(cache, images, progress, name) : null; })
            .then(function () {
              meta.saved = {
                pages: pages.length, bytes: progress.bytes, images: progress.images, at: new Date().toISOString()
              };
              var before = options.previous;
              if (before && before.stamp !== meta.stamp) {
                meta.updated = { from: before.stamp, version: before.version, at: meta.saved.at };
              }
              var body = JSON.stringify(meta);
              return cache.put(META, new Response(body, { headers: { "Content-Type": "application/json" } }));
            })
            .catch(function (error) {
              return caches.delete(name).then(function () { throw error; });
            });
        })
        .then(function () { return dropOthers(meta.lang, meta.game, name); })
        .then(function () { return metaOf(name); });
    });
  }

  // Card images one at a time per worker; one that fails is counted and skipped. Only
  // readable (CORS) answers are kept: an opaque one would count megabytes against the quota.
  function storeImages(cache, urls, progress) {
    var queue = urls.slice();
    function next() {
      var url = queue.shift();
      if (url === undefined) { return null; }
      return fetch(url, { mode: "cors", credentials: "omit" }).then(function (response) {
        if (!response.ok) { return null; }
        return response.clone().blob().then(function (blob) {
          progress.bytes += blob.size;
          progress.images += 1;
          return cache.put(url, response);
        });
      }).catch(function () { return null; }).then(function () {
        progress.done += 1;
        progress.report(progress);
        return next();
      });
    }
    var workers = [];
    for (var i = 0; i < WORKERS; i += 1) { workers.push(next()); }
    return Promise.all(workers);
  }

  // The saved page for a URL, from a complete saved copy: {response, meta}, or null.
  function match(url) {
    return copyNames().then(function (names) {
      return names.reduce(function (found, name) {
        return found.then(function (hit) {
          if (hit) { return hit; }
          return caches.open(name)
            .then(function (cache) { return cache.match(url, { ignoreVary: true }); })
            .then(function (response) {
              return response ? metaOf(name).then(function (meta) {
                return meta ? { response: response, meta: meta } : null;
              }) : null;
            });
        });
      }, Promise.resolve(null));
    });
  }

  // The rules of one language in every saved copy: each copy holds its own language's and,
  // from format 2, every other language's newest rules ("books").
  function books(lang) {
    return list().then(function (metas) {
      var found = [];
      metas.forEach(function (meta) {
        (meta.books || [meta]).forEach(function (book) {
          if (book.lang !== lang) { return; }
          found.push({
            cache: meta.cache + "|" + book.lang, game: meta.game, lang: book.lang, version: book.version,
            home: book.home, toc: book.toc, rules: book.rules
          });
        });
      });
      return found;
    });
  }

  function dropOthers(lang, game, keep) {
    return copyNames(lang, game).then(function (names) {
      return Promise.all(names.filter(function (n) { return n !== keep; }).map(function (n) {
        return caches.delete(n);
      }));
    });
  }

  // Remove a game's saved copy, and the pages of that game kept from visits.
  function remove(lang, game) {
    return dropOthers(lang, game, null).then(function () {
      return forgetVisited(function (path) { return path.indexOf("/" + lang + "/" + game + "/") === 0; });
    });
  }

  function forgetVisited(matches) {
    return caches.open(VISITED).then(function (cache) {
      return cache.keys().then(function (requests) {
        var doomed = requests.filter(function (r) { return matches(new URL(r.url).pathname); });
        return Promise.all(doomed.map(function (r) { return cache.delete(r); }));
      }).then(function () {
        return cache.keys();
      }).then(function (left) {
        return left.length ? null : caches.delete(VISITED);
      });
    });
  }

  function visited() {
    return caches.has(VISITED).then(function (has) {
      return has ? caches.open(VISITED).then(function (c) { return c.keys(); }) : [];
    });
  }

  // number -> {url, anchor} for one language of a saved copy, built once per copy.
  function ruleIndex(meta) {
    if (lookups[meta.cache]) { return lookups[meta.cache]; }
    var index = {};
    meta.rules.pages.forEach(function (page) {
      page.numbers.forEach(function (number) {
        index[number] = { url: page.url, anchor: (page.prefix || "") + number };
      });
    });
    lookups = {};
    lookups[meta.cache] = index;
    return index;
  }

  function locate(meta, key) {
    var target = key ? ruleIndex(meta)[key] : null;
    return target ? target.url + "#" + target.anchor : null;
  }

  root.RulebookOffline = {
    SAVED: SAVED, VISITED: VISITED, SHELL: SHELL, META: META,
    list: list, find: find, save: save, remove: remove, visited: visited, locate: locate,
    match: match, books: books, storeImages: storeImages, manifest: manifestOf
  };
})(typeof self !== "undefined" ? self : this);
