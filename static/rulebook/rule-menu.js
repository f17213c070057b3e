// On a phone (narrow screen or no hover), tapping a rule number opens a small menu: copy the
// rule's link, share it (Web Share API, where the browser has it), or open the rule's page.
// With a mouse on a wide screen the number stays a plain link. Labels come from the
// translated <template id="rule-menu-template"> in base.html.
(function () {
  "use strict";
  var template = document.getElementById("rule-menu-template");
  var touch = window.matchMedia ? window.matchMedia("(max-width: 40rem), (hover: none)") : null;
  var open = null;

  function close() {
    if (!open) { return; }
    open.menu.remove();
    open.number.setAttribute("aria-expanded", "false");
    open = null;
  }

  function linkOf(number) {
    var rule = number.closest(".rule");
    var permalink = rule && rule.querySelector(".permalink[data-copy]");
    return permalink ? permalink.dataset.copy : number.href;
  }

  function ruleText(number) {
    var text = number.closest(".rule").querySelector(".text");
    var words = text ? text.textContent.replace(/\s+/g, " ").trim() : "";
    return number.textContent.trim() + " " + (words.length > 120 ? words.slice(0, 119) + "…" : words);
  }

  function copy(menu, url) {
    var done = menu.querySelector("[data-menu=copied]");
    var field = menu.querySelector("[data-menu=url]");
    function manual() {
      field.value = url;
      field.hidden = false;
      field.focus();
      field.select();
    }
    if (!navigator.clipboard || !navigator.clipboard.writeText) { return manual(); }
    navigator.clipboard.writeText(url).then(function () { done.hidden = false; }, manual);
  }

  function build(number) {
    var menu = template.content.firstElementChild.cloneNode(true);
    var url = linkOf(number);
    menu.querySelector("[data-menu=open]").href = number.href;
    menu.querySelector("[data-menu=copy]").addEventListener("click", function () { copy(menu, url); });
    var share = menu.querySelector("[data-menu=share]");
    if (navigator.share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: document.title, text: ruleText(number), url: url }).catch(function () {});
      });
    }
    return menu;
  }

  function toggle(number) {
    var same = open && open.number === number;
    close();
    if (same) { return; }
    var menu = build(number);
    number.after(menu);
    number.setAttribute("aria-expanded", "true");
    open = { number: number, menu: menu };
    menu.querySelector("button").focus();
  }

  function onClick(event) {
    var number = event.target.closest(".rule > a.num");
    if (number && touch && touch.matches && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      toggle(number);
    } else if (open && !open.menu.contains(event.target)) {
      close();
    }
  }

  if (!template || !template.content) { return; }
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && open) {
      var number = open.number;
      close();
      number.focus();
    }
  });
})();
