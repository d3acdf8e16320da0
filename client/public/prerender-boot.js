// Loaded (blocking, tiny) by the pages rendered at build time (client/scripts/prerender.mjs), before
// their markup. 1. Sets the light or dark class before the page paints, as next-themes does once
// the app runs (its inline script is refused by the Content-Security-Policy); same storage key and
// classes. 2. A button pressed on the prerendered copy before the app has taken the page over is
// remembered (by its text) and pressed again on the app's own page (PrerenderHandoff), so an early
// click on, say, an FAQ question is not lost. Links work as plain links anyway.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored === 'dark' || ((!stored || stored === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(dark ? 'dark' : 'light');
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage refused: the app sets the theme when it runs */
  }
  var pressed = (window.__prerenderPressed = []);
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      var button = target && target.closest('#prerender button');
      if (!button) return;
      event.preventDefault();
      pressed.push((button.textContent || '').trim());
    },
    true,
  );
})();
