// Sets the light or dark class before a prerendered page paints, as next-themes does once the app
// runs (its inline script is refused by the Content-Security-Policy). Same storage key and classes.
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
})();
