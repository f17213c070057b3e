// The autolinker page, enhanced: copy buttons, and linking without a page reload through
// POST /api/v1/linkify. Without this file the form posts and the page renders the same result.
(function () {
  "use strict";

  function addCopyButtons(section) {
    if (!navigator.clipboard) { return; }
    section.querySelectorAll("textarea.linkify-copy").forEach(function (area) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "linkify-copy-button";
      button.textContent = section.dataset.copyLabel || "Copy";
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(area.value).then(function () {
          button.textContent = section.dataset.copiedLabel || "Copied";
          window.setTimeout(function () {
            button.textContent = section.dataset.copyLabel || "Copy";
          }, 2000);
        });
      });
      area.after(button);
    });
  }

  function show(section, data) {
    section.querySelector("[data-output=markdown]").value = data.markdown;
    section.querySelector("[data-output=html]").value = data.html;
    section.querySelector("[data-output=bbcode]").value = data.bbcode;
    // data.html is escaped by the server (every character of the input), links are its own.
    section.querySelector("[data-output=preview]").innerHTML = data.html;
    var summary = section.querySelector("[data-output=summary]");
    var text = summary.dataset.label + " " + data.references.length;
    if (data.unresolved.length) {
      text += " · " + summary.dataset.missing + " " + data.unresolved.join(", ");
    }
    summary.textContent = text;
    section.hidden = false;
  }

  function enhance(form, section) {
    if (!window.fetch || !form.dataset.api) { return; }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var body = {
        text: form.elements.text.value,
        game: form.elements.game.value,
        lang: form.dataset.lang || "en"
      };
      if (form.elements.version.value) { body.version = form.elements.version.value; }
      fetch(form.dataset.api, {
        method: "POST",
        headers: {"Content-Type": "application/json"},
        credentials: "omit",
        body: JSON.stringify(body)
      }).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (data) { show(section, data); })
        .catch(function () { form.submit(); });  // the server-rendered page says what went wrong
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form.linkify-form");
    var section = document.querySelector("section.linkify-output");
    if (!form || !section) { return; }
    addCopyButtons(section);
    enhance(form, section);
  });
})();
