// The saved theme (settings → General, localStorage "theme") is applied before the first paint, so dark-theme
// users see no white flash. A file rather than an inline script: the Content-Security-Policy allows no inline script.
(() => {
  try {
    const theme = localStorage.getItem("theme");
    if (theme === "dark" || (theme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches))
      document.documentElement.classList.add("dark");
  } catch {}
})();
