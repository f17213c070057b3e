// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";
  function addCopyButtons() {
    document.querySelectorAll(".permalink[data-copy]").forEach(function (link) {
      if (!navigator.clipboard) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-link";
      button.textContent = document.documentElement.lang === "fr" ? "Copier le lien" : "Copy link";
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(link.dataset.copy).then(function () {
          button.textContent = document.documentElement.lang === "fr" ? "Copié" : "Copied";
        });
      });
      link.after(button);
    });
  }
  document.addEventListener("DOMContentLoaded", addCopyButtons);
})();
