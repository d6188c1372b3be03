// Runs before the console's scripts, so that a reload paints in the user's colour scheme at once instead of
// flashing white first. Same key and values as Mantine's localStorageColorSchemeManager (app/providers/colorScheme.ts):
// 'light', 'dark' or 'auto' (the device's setting). A separate file because the page's policy allows no inline script.
try {
  var stored = localStorage.getItem('kelvin.colorScheme');
  var dark =
    stored === 'dark' ||
    ((stored === null || stored === 'auto') && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch (error) {
  // No storage (a private window's policy): Mantine decides once it starts.
}
