// invex review screen: edit values with the keyboard, pick them on the
// page (click a word, or drag a box around several), and approve. Every
// change is sent at once; the server types it with the field's parser,
// keeps it as a draft and answers with the result's validation flags.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("review");
  if (!root) { return; }
  var form = document.getElementById("rform");
  var url = root.dataset.url, csrf = root.dataset.csrf;
  var current = null;      // the input being edited
  var pending = Promise.resolve();

  var send = function (body) {
    pending = pending.then(function () {
      return fetch(url, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify(body)
      }).then(function (r) { return r.json(); }).then(answer).catch(function () {
        say(document.getElementById("rmsg"), "⚠");
      });
    });
    return pending;
  };

  var say = function (el, text) { if (el) { el.textContent = text; } };

  var fieldBox = function (path) {
    var el = document.getElementById("f-" + path);
    return el ? el.closest(".rf") : null;
  };

  var answer = function (a) {
    if (a.path) {
      var input = document.getElementById("f-" + a.path);
      var box = fieldBox(a.path);
      say(document.getElementById("e-" + a.path), a.ok ? "" : a.error);
      if (box) { box.classList.toggle("bad", !a.ok); }
      if (a.ok && input && input.value !== a.value) { input.value = a.value; }
    } else if (!a.ok) {
      say(document.getElementById("e-line_items"), a.error);
    }
    if (!a.ok) { return; }
    say(document.getElementById("e-line_items"), "");
    document.querySelectorAll(".rf.corrected").forEach(function (e) { e.classList.remove("corrected"); });
    (a.corrected || []).forEach(function (p) {
      var b = fieldBox(p); if (b) { b.classList.add("corrected"); }
    });
    document.querySelectorAll(".rf.flagged").forEach(function (e) { e.classList.remove("flagged"); });
    var list = document.getElementById("rflags");
    list.textContent = "";
    (a.flags || []).forEach(function (f) {
      var li = document.createElement("li");
      li.className = "flag " + f.severity;
      var s = document.createElement("strong"); s.textContent = f.code; li.appendChild(s);
      if (f.field) {
        li.appendChild(document.createTextNode(" ("));
        var c = document.createElement("code"); c.textContent = f.field; li.appendChild(c);
        li.appendChild(document.createTextNode(")"));
        var b = fieldBox(f.field); if (b && f.severity !== "info") { b.classList.add("flagged"); }
      }
      li.appendChild(document.createTextNode(": " + f.message));
      list.appendChild(li);
    });
    if (!a.flags || a.flags.length === 0) {
      var none = document.createElement("li"); none.textContent = list.dataset.none; list.appendChild(none);
    }
    var st = document.getElementById("rstatus");
    st.textContent = st.dataset[a.status] || a.status;
    st.className = "status review-" + a.status;
    var rev = document.getElementById("rrevision");
    rev.textContent = rev.dataset.text.replace("%d", a.revision);
    say(document.getElementById("rmsg"), a.message || "");
  };

  // Values: sent when changed (on leaving the field, or Enter).
  var sent = new WeakMap();
  var sendField = function (input, pointed) {
    if (input.classList.contains("item")) { return sendItems(); }
    var body = { path: input.dataset.path, value: input.value };
    if (pointed) { body.pointed = pointed; }
    sent.set(input, input.value);
    return send(body);
  };
  var sendItems = function () {
    var rows = [];
    document.querySelectorAll("#ritems tbody tr.irow").forEach(function (tr) {
      var row = {};
      tr.querySelectorAll("input.item").forEach(function (i) { row[i.dataset.col] = i.value; sent.set(i, i.value); });
      rows.push(row);
    });
    return send({ items: rows });
  };
  var inputs = function () { return Array.prototype.slice.call(form.querySelectorAll("input[type=text]")); };
  inputs().forEach(function (i) { sent.set(i, i.value); });

  form.addEventListener("focusin", function (e) {
    if (e.target.tagName !== "INPUT") { return; }
    current = e.target;
    current.select(); // typing replaces the value, as in a spreadsheet
    showBox(current);
  });
  form.addEventListener("focusout", function (e) {
    var i = e.target;
    if (i.tagName === "INPUT" && sent.get(i) !== i.value) { sendField(i); }
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" || e.target.tagName !== "INPUT" || e.ctrlKey || e.metaKey) { return; }
    e.preventDefault();
    var i = e.target;
    if (sent.get(i) !== i.value) { sendField(i); }
    var all = inputs(), k = all.indexOf(i);
    if (k >= 0 && k + 1 < all.length) { all[k + 1].focus(); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); approve(); }
  });

  var approve = function () {
    var i = document.activeElement;
    if (i && i.tagName === "INPUT" && sent.get(i) !== i.value) { sendField(i); }
    return send({ approve: true });
  };
  document.getElementById("approve").addEventListener("click", approve);

  // Line items: add and remove rows.
  document.getElementById("addrow").addEventListener("click", function () {
    var tpl = document.getElementById("rowtpl");
    var row = tpl.content.firstElementChild.cloneNode(true);
    document.querySelector("#ritems tbody").appendChild(row);
    row.querySelector("input").focus();
  });
  document.getElementById("ritems").addEventListener("click", function (e) {
    if (!e.target.classList.contains("rowdel")) { return; }
    e.target.closest("tr").remove();
    sendItems();
  });

  // The page: the box of the value being edited, and picking words.
  var showBox = function (input) {
    document.querySelectorAll("rect.focusbox").forEach(function (r) { r.setAttribute("width", 0); r.setAttribute("height", 0); });
    if (!input.dataset.box) { return; }
    var svg = document.querySelector('svg[data-page="' + input.dataset.page + '"]');
    if (!svg) { return; }
    var b = input.dataset.box.split(",");
    var r = svg.querySelector("rect.focusbox");
    r.setAttribute("x", b[0]); r.setAttribute("y", b[1]); r.setAttribute("width", b[2]); r.setAttribute("height", b[3]);
  };
  var point = function (svg, e) {
    var p = svg.createSVGPoint(); p.x = e.clientX; p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  };
  var pick = function (svg, words) {
    if (!current || words.length === 0) { return; }
    words.sort(function (a, b) {
      var ay = +a.getAttribute("y"), by = +b.getAttribute("y");
      var ah = +a.getAttribute("height");
      if (Math.abs(ay - by) > ah / 2) { return ay - by; }
      return +a.getAttribute("x") - +b.getAttribute("x");
    });
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    var text = words.map(function (w) {
      var x = +w.getAttribute("x"), y = +w.getAttribute("y");
      x0 = Math.min(x0, x); y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + +w.getAttribute("width")); y1 = Math.max(y1, y + +w.getAttribute("height"));
      w.classList.add("picked");
      setTimeout(function () { w.classList.remove("picked"); }, 600);
      return w.dataset.t;
    }).join(" ");
    current.value = text;
    var input = current;
    var ev = { page: +svg.dataset.page, box: { x0: x0, y0: y0, x1: x1, y1: y1 }, confidence: 1 };
    input.dataset.page = svg.dataset.page;
    input.dataset.box = [x0, y0, x1 - x0, y1 - y0].join(",");
    sendField(input, input.classList.contains("item") ? null : ev);
    input.focus();
    showBox(input);
  };
  document.querySelectorAll("figure.rpage svg").forEach(function (svg) {
    var start = null, drag = svg.querySelector("rect.drag");
    svg.addEventListener("mousedown", function (e) {
      if (e.button !== 0) { return; }
      e.preventDefault(); // keeps the focus in the field being edited
      start = point(svg, e);
    });
    svg.addEventListener("mousemove", function (e) {
      if (!start) { return; }
      var p = point(svg, e);
      drag.setAttribute("x", Math.min(p.x, start.x)); drag.setAttribute("y", Math.min(p.y, start.y));
      drag.setAttribute("width", Math.abs(p.x - start.x)); drag.setAttribute("height", Math.abs(p.y - start.y));
    });
    svg.addEventListener("mouseup", function (e) {
      if (!start) { return; }
      var p = point(svg, e), s = start;
      start = null;
      drag.setAttribute("width", 0); drag.setAttribute("height", 0);
      if (Math.abs(p.x - s.x) < 3 && Math.abs(p.y - s.y) < 3) {
        if (e.target.classList && e.target.classList.contains("w")) { pick(svg, [e.target]); }
        return;
      }
      var x0 = Math.min(p.x, s.x), x1 = Math.max(p.x, s.x), y0 = Math.min(p.y, s.y), y1 = Math.max(p.y, s.y);
      var inside = Array.prototype.filter.call(svg.querySelectorAll("rect.w"), function (w) {
        var x = +w.getAttribute("x"), y = +w.getAttribute("y");
        var cx = x + +w.getAttribute("width") / 2, cy = y + +w.getAttribute("height") / 2;
        return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
      });
      pick(svg, inside);
    });
  });
});
