// Rule numbers in the browser: the same reading of loose input as ingest/numbers.py (normalise
// and lookup_key), so the service worker can answer "/rules/813.1c/" or a typed "rule 813.1c"
// from a saved copy without asking the server. tests/browser/test_offline.py checks that both
// agree on the same inputs. Works in a page and in a worker (no DOM use).
(function (root) {
  "use strict";
  var PREFIX = /^\s*(?:(?:core\s+)?rules?|cr|r|règles?|regles?|§)\s*\.?\s*(?=\d)/iu;
  var LOOSE_BODY = /^([0-9]{3})(?![0-9])((?:\.?(?:[0-9]{1,3}|[a-zA-Z]{1,2}))*)\.?$/;
  var TOKEN = /[0-9]+|[a-zA-Z]+/g;
  var ANCHOR = /^[a-z][a-z0-9-]{0,43}$/;
  var DIGITS = /^[0-9]+$/;

  function stripDots(text) {
    return text.replace(/\.+$/, "");
  }

  // "rule 813.1c2" -> "813.1.c.2"; null when the input is not a rule number. Components after
  // the three-digit top level alternate digits and letters, so "813.c.c" is refused.
  function normalise(value) {
    if (value === null || value === undefined) { return null; }
    var text = String(value).trim().replace(PREFIX, "").trim();
    text = stripDots(text).trim();
    var match = LOOSE_BODY.exec(text);
    if (!match) { return null; }
    var tokens = [match[1]].concat(match[2].match(TOKEN) || []);
    for (var index = 1; index < tokens.length; index += 1) {
      var wantsDigit = index % 2 === 1;
      if (DIGITS.test(tokens[index]) !== wantsDigit) { return null; }
    }
    return tokens.map(function (token) { return token.toLowerCase(); }).join(".");
  }

  // What a URL segment names: a normalised number, or a prose block's readable anchor.
  function lookupKey(value) {
    var text = String(value || "").trim();
    var first = text.charAt(0);
    if (DIGITS.test(first) || "rc§".indexOf(first.toLowerCase()) >= 0) {
      var normal = normalise(text.split("~")[0]);
      if (normal || DIGITS.test(first)) { return normal; }
    }
    return ANCHOR.test(text) ? text : null;
  }

  root.RuleNumbers = { normalise: normalise, lookupKey: lookupKey };
})(typeof self !== "undefined" ? self : this);
