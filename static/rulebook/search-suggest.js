// Progressive enhancement for the search box: fills its <datalist> from /api/v1/suggest.
// The page works without it; loaded as an external file because the CSP forbids inline scripts.
(function () {
  "use strict";
  var input = document.querySelector("input[data-suggest-url]");
  if (!input || !input.dataset.suggestUrl || !window.fetch) { return; }
  var list = document.getElementById(input.getAttribute("list"));
  var timer = null;
  var last = "";

  function fill(suggestions) {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    suggestions.forEach(function (text) {
      var option = document.createElement("option");
      option.value = text;
      list.appendChild(option);
    });
  }

  function fetchSuggestions() {
    var q = input.value.trim();
    if (q.length < 2 || q === last) { return; }
    last = q;
    var params = new URLSearchParams({ q: q });
    if (input.dataset.lang) { params.set("lang", input.dataset.lang); }
    fetch(input.dataset.suggestUrl + "?" + params.toString(), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : { suggestions: [] }; })
      .then(function (data) { if (input.value.trim() === q) { fill(data.suggestions || []); } })
      .catch(function () { /* suggestions are optional */ });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(fetchSuggestions, 150);
  });
})();
