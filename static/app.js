// Scorekeeper: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";
  // Landing: a page an entry led to, or that another phone's entry reloaded, shows what
  // changed (#latest, or the row a correction changed) just below the sticky head (--head);
  // a refusal there is focused, for a screen reader to say it. The address changes in place
  // (replaceState, location.replace): Back is not one step longer per entry.
  var head = document.querySelector(".now"), root = document.documentElement,
    nav = performance.getEntriesByType("navigation")[0], land = function (to) {
      history.replaceState(null, "", to);
      history.scrollRestoration = "manual";
      sessionStorage.setItem("land", 1);
      location.reload();
    }, at = location.hash && document.getElementById(location.hash.slice(1));
  if (head) root.style.setProperty("--head", head.offsetHeight + 8 + "px");
  if (at && (sessionStorage.getItem("land") || (nav && nav.type === "navigate"))) {
    at.scrollIntoView();
    if (at.getAttribute("role") === "alert" || at.querySelector("[role=alert]")) {
      at.focus({ preventScroll: true });
    }
  }
  sessionStorage.removeItem("land");
  // Left otherwise (Back, a reload by hand): the scroll is kept as usual.
  addEventListener("pagehide", function () {
    if (!sessionStorage.getItem("land")) history.scrollRestoration = "auto";
  });
  // No network: an entry is not lost. The script sends it and keeps it on this phone until the
  // server answers (with the log position it was typed against, so a conflict is still caught).
  // Offline, or when the request fails (a dead Wi-Fi: an error, or no answer in 8 s), the page
  // says it was not sent, and sends it again when asked, when the phone is back online or when
  // the poll gets through again. A server too busy to store it (503) is the same: kept, said so,
  // and sent again after the Retry-After it names. An answer that is not a redirect stored
  // nothing (a refusal, a page to show): the entry is then sent as a form, as without the
  // script. The notice is at the top of the page: a tap that was not sent brings it into view.
  // While it is being sent, Send now is greyed out (a second tap would do nothing).
  var unsent = document.querySelector("[data-unsent]"), KEY = "unsent:" + location.pathname,
    busy, resend = function () {};
  if (unsent && window.AbortController) {
    var send = unsent.querySelector("button"), keep = function (look) {
      busy = unsent.hidden = send.disabled = false;
      if (look === true) unsent.scrollIntoView();
    };
    resend = function (look) {
      var saved = JSON.parse(localStorage.getItem(KEY)), stop = new AbortController();
      if (!saved || busy) return;
      if (!navigator.onLine) return keep(look);
      busy = send.disabled = setTimeout(function () { stop.abort(); }, 8000);
      fetch(saved.action, { method: "post", body: new URLSearchParams(saved.fields),
        headers: { "X-Sent-By": "app.js" }, signal: stop.signal }).then(function (r) {
        var to = r.headers.get("X-Location"), f = document.createElement("form");
        clearTimeout(busy);
        // The server was busy and stored nothing (503): kept, and sent again after the
        // Retry-After it names (else 2 s).
        if (r.status == 503) return keep(look), setTimeout(resend, 1e3 * r.headers.get("Retry-After") || 2e3);
        localStorage.removeItem(KEY);
        if (!to) {
          f.method = "post"; f.action = saved.action; f.hidden = true;
          saved.fields.forEach(function (kv) {
            var i = f.appendChild(document.createElement("input"));
            i.type = "hidden"; i.name = kv[0]; i.value = kv[1];
          });
          document.body.appendChild(f).submit();
        } else if ((to = new URL(to, location.href)).pathname !== location.pathname) location.replace(to);
        else land(to);
      }).catch(function () { keep(look); });
    };
    document.addEventListener("submit", function (e) {
      var form = e.target, fields = [];
      if (form.method !== "post") return;
      e.preventDefault();
      new FormData(form, e.submitter).forEach(function (v, k) { fields.push([k, v]); });
      localStorage.setItem(KEY, JSON.stringify({ action: form.action, fields: fields }));
      resend(true);
    });
    send.onclick = window.ononline = resend;
    unsent.hidden = !localStorage.getItem(KEY);
  }
  // Live refresh: another phone wrote to this game -> show it, unless this phone is mid-entry.
  // A page that answered a form (a refused entry) is left for the game's own address: reloading
  // it would send the form again. A poll that fails (no server, an error page, no seq, hung for
  // two intervals), or two unanswered when the next is due, says in the head that the page is
  // not live, until one gets through.
  // What a page needs only sometimes (static/later.js, a module) is loaded when it does.
  var game = document.querySelector("[data-game]"), later = function (then) {
    import(game.dataset.later).then(then);
  };
  if (game && window.fetch) {
    var seq = game.dataset.seq, dirty = false, page = game.dataset.seqUrl.replace(/\/seq$/, ""),
      off = document.querySelector(".notlive") || {}, asked = 0,
      every = (+game.dataset.poll || 2) * 1000;
    // Typing (the form typed in): what another phone wrote is said in the head, and compared.
    document.addEventListener("input", function (e) { dirty = e.target.form; });
    setInterval(function () {
      if (document.hidden) return;
      if (++asked > 2) off.hidden = 0;
      fetch(game.dataset.seqUrl, { cache: "no-store", signal: AbortSignal.timeout ? AbortSignal.timeout(2 * every) : null }).then(function (r) {
        if (!r.ok) throw r;
        return r.json();
      }).then(function (d) {
        if (!(d.seq >= 0)) throw d;
        off.hidden = 1;
        asked = 0;
        if (localStorage.getItem(KEY)) return resend();
        // A log only grows: an answer no longer than this page's (one a second old, from another
        // server process's memory) is nothing new.
        if (+d.seq <= +seq) return;
        if (dirty) later(function (sk) { sk.news(head, dirty, page, land, function () { seq = d.seq; }); });
        else if (location.pathname === page) land(page + "#latest");
        else location.replace(page + "#latest");
      }).catch(function () { off.hidden = 0; });
    }, every);
  }
  // Screen on: while a game page is open the screen does not dim, unless the player switched it
  // off here (the choice is kept on this phone): by the Screen Wake Lock API where the browser
  // has it, else (plain http on the LAN) as static/later.js does it.
  var wake = document.querySelector("[data-wake]");
  if (wake && game) {
    var lock = null, want = localStorage.getItem("wake") !== "0";
    var hold = function (on) {
      want = on;
      localStorage.setItem("wake", on ? "1" : "0");
      wake.setAttribute("aria-pressed", String(on));
      if (!navigator.wakeLock) return later(function (sk) { sk.awake(on && !document.hidden); });
      if (on && !lock && !document.hidden) {
        navigator.wakeLock.request("screen").then(function (l) {
          lock = l;
          l.addEventListener("release", function () { lock = null; });
        }).catch(function () {});
      }
      if (!on && lock) { lock.release(); lock = null; }
    };
    wake.classList.add("ready");
    wake.addEventListener("click", function () { hold(!want); });
    document.addEventListener("visibilitychange", function () { if (want) hold(true); });
    hold(want);
  }
})();
