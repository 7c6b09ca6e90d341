// Tell the server the reader's time zone, so dates and deadlines show in it (accounts/time_zone.py).
(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  var shown = document.documentElement.dataset.timeZone;
  if (!zone || zone === shown) { return; }
  document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  // This page was drawn in another zone: draw it again in the reader's, once (cookies may be off).
  if (!sessionStorage.getItem("tz-reloaded")) {
    sessionStorage.setItem("tz-reloaded", "1");
    location.reload();
  }
})();
