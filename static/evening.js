// The projector view reloads itself every few seconds (data-refresh); its button pauses and
// resumes that (the choice is kept while the tab is open). Without JavaScript a <noscript>
// meta refresh does the reloading.
(function () {
  'use strict';
  var root = document.querySelector('[data-refresh]');
  var button = document.querySelector('[data-pause]');
  if (!root || !button) return;
  var seconds = Number(root.getAttribute('data-refresh')) || 15;
  var paused = sessionStorage.getItem('scorekeeper-screen-paused') === '1';
  function show() {
    button.textContent = button.getAttribute(paused ? 'data-resume-label' : 'data-pause-label');
    button.setAttribute('aria-pressed', paused ? 'true' : 'false');
  }
  button.hidden = false;
  show();
  button.addEventListener('click', function () {
    paused = !paused;
    sessionStorage.setItem('scorekeeper-screen-paused', paused ? '1' : '0');
    show();
  });
  setInterval(function () {
    if (!paused && document.visibilityState === 'visible') location.reload();
  }, seconds * 1000);
})();
