// invex dashboard: a copy button for secrets shown once, a job status that
// refreshes itself until the job ends, and field/box highlighting.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("button.copy").forEach(function (b) {
    b.addEventListener("click", function () {
      var el = document.getElementById(b.dataset.copy);
      var text = el ? el.textContent : "";
      var done = function () { b.textContent = b.dataset.done; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done);
      } else {
        var r = document.createRange(); r.selectNodeContents(el);
        var s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
        try { document.execCommand("copy"); done(); } catch (e) {}
      }
    });
  });
  var st = document.querySelector("[data-poll]");
  if (st) {
    var poll = function () {
      fetch(st.dataset.poll, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (j) { if (j.done) { location.reload(); } else { setTimeout(poll, 1000); } })
        .catch(function () { setTimeout(poll, 3000); });
    };
    setTimeout(poll, 1000);
  }
  var mark = function (field, on) {
    document.querySelectorAll('[data-field="' + CSS.escape(field) + '"]').forEach(function (e) {
      e.classList.toggle("hl", on);
    });
  };
  document.querySelectorAll("tr[data-field], g[data-field]").forEach(function (e) {
    e.addEventListener("mouseenter", function () { mark(e.dataset.field, true); });
    e.addEventListener("mouseleave", function () { mark(e.dataset.field, false); });
  });
});
