// Rule previews with text: hovering, focusing or (on touch) tapping a rule link fetches a
// small fragment (number, heading path, opening of the text) into its tooltip. Without this
// file the tooltip still names the rule, from the page itself.
(function () {
  "use strict";
  var fragments = new Map();
  var lastPointer = "";
  var counter = 0;

  function tooltipOf(link) {
    var next = link.nextElementSibling;
    if (next && next.classList.contains("xref-preview")) { return next; }
    var tip = document.createElement("span");
    tip.className = "xref-preview";
    tip.setAttribute("role", "tooltip");
    link.classList.add("xref");
    link.after(tip);
    return tip;
  }

  function fetchFragment(url) {
    if (!fragments.has(url)) {
      fragments.set(url, fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      }).catch(function (error) { fragments.delete(url); throw error; }));
    }
    return fragments.get(url);
  }

  function load(link) {
    var tip = tooltipOf(link);
    if (!tip.id) {
      counter += 1;
      tip.id = "rule-preview-" + counter;
      link.setAttribute("aria-describedby", tip.id);
    }
    if (tip.dataset.loaded) { return; }
    fetchFragment(link.dataset.preview).then(function (html) {
      // The fragment is this site's own escaped HTML (templates/rulebook/_partials/rule_preview.html).
      tip.innerHTML = html;
      tip.dataset.loaded = "1";
    }).catch(function () { /* keep the page's own tooltip */ });
  }

  function previewLink(target) {
    return target && target.closest ? target.closest("a[data-preview]") : null;
  }

  function closeAll(except) {
    document.querySelectorAll("a[data-preview].open").forEach(function (link) {
      if (link !== except) { link.classList.remove("open"); }
    });
  }

  document.addEventListener("mouseover", function (event) {
    var link = previewLink(event.target);
    if (link) { load(link); }
  });
  document.addEventListener("focusin", function (event) {
    var link = previewLink(event.target);
    if (link) { load(link); }
  });
  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType;
  });
  // On touch there is no hover: the first tap opens the preview, a second tap follows the link.
  document.addEventListener("click", function (event) {
    var link = previewLink(event.target);
    if (!link) { closeAll(null); return; }
    if (lastPointer !== "touch" || link.classList.contains("open")) { return; }
    event.preventDefault();
    closeAll(link);
    link.classList.add("open");
    load(link);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { closeAll(null); }
  });
})();
