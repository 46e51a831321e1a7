// Scorekeeper: what a game page needs only sometimes, a module static/app.js imports when it
// does (so that no page carries it): what another phone recorded while this one's player was
// typing, and keeping the screen on where the browser has no Screen Wake Lock.

// The poll saw another phone's entry while ``form`` holds what the player typed: the page asks
// what was written since the form's log position (web/news.py) and says it in the sticky
// ``head``, where the player looks (a live region, which a screen reader says), then tells the
// poll (``done``). When it changed the round being typed, what was recorded is compared with
// what was typed: the same, nothing more to do; different, ✎ opens that round's correction
// with what was typed. Show it lands on the game as it is now (``land``, app.js).
export function news(head, form, page, land, done) {
  var f = form.elements, live = document.querySelector("[data-live]");
  if (!live) {
    live = head.appendChild(document.createElement("div"));
    live.className = "live";
    live.setAttribute("role", "status");
    live.setAttribute("data-live", "");
  }
  fetch(page + "/news/" + f.seq.value + "?deal=" + (f.deal ? f.deal.value : ""), { cache: "no-store" }).then(function (r) {
    if (!r.ok) throw r;
    return r.text();
  }).then(function (html) {
    live.innerHTML = html;
    done();
    live.querySelector("[data-show]").onclick = function (e) {
      e.preventDefault();
      land(this.href);
    };
    var fix = live.querySelector("[data-was]"), was = fix && JSON.parse(fix.dataset.was),
      typed = new URLSearchParams({ typed: "some" }), compared = 0, same = true;
    if (!fix) return;
    new FormData(form).forEach(function (value, name) {
      var field = form.querySelector("[name='" + name + "']");
      if (/^(csrf_token|seq|deal|was|step)$/.test(name) || value === "" || field.closest("[hidden]")) return;
      typed.append(name, value);
      if (was[name]) {
        compared++;
        same = same && was[name] === value;
      }
    });
    if (!compared) return;
    live.querySelector(same ? "[data-same]" : "[data-differs]").hidden = false;
    fix.href += "?" + typed;
    fix.hidden = same;
  }).catch(function () {});
}

// Screen on without the Screen Wake Lock API (it needs HTTPS, or this very computer: a phone at
// the LAN's plain-http address has none): a muted video that loops, unseen, keeps the screen on
// while it plays (the way NoSleep.js does it). Its files sit beside this one.
export function awake(on) {
  var video = document.querySelector("video");
  if (!video) {
    video = document.body.appendChild(document.createElement("video"));
    video.defaultMuted = video.muted = video.loop = video.playsInline = true;
    video.setAttribute("aria-hidden", "true");
    Object.assign(video.style, { position: "fixed", left: 0, bottom: 0, width: "1px", height: "1px", opacity: 0, pointerEvents: "none" });
    ["webm", "mp4"].forEach(function (type) {
      var source = video.appendChild(document.createElement("source"));
      source.type = "video/" + type;
      source.src = new URL("awake." + type, import.meta.url).pathname;
    });
  }
  if (on) video.play().catch(function () {});
  else video.pause();
}
