/* Tinners' Trail map: a tap on an area opens its section in place, just under the map,
   instead of jumping to it; the open area stays open across the live redraws. Without this
   script the same links jump to the section (CSS :target shows it). */
(function () {
  'use strict';
  var open = location.hash.indexOf('#tt-area-') === 0 ? location.hash.slice(1) : null;

  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }

  function show(scroll) {
    var details = document.getElementById('tt-details');
    if (!details) return;
    details.classList.add('tt-js');
    each('.tt-detail', function (d) { d.classList.toggle('tt-open', d.id === open); });
    each('a.tt-area', function (a) { a.classList.toggle('tt-selected', a.getAttribute('href') === '#' + open); });
    var section = open && document.getElementById(open);
    if (section && scroll) {
      section.scrollIntoView({ block: 'start' });
      section.focus({ preventScroll: true });
    }
  }

  document.addEventListener('click', function (event) {
    var link = event.target.closest ? event.target.closest('a.tt-area, .tt-detail a[href^="#tt-map-"]') : null;
    if (!link) return;
    event.preventDefault();
    var href = link.getAttribute('href');
    if (link.classList.contains('tt-area')) {
      open = href.slice(1);
      history.replaceState(null, '', href);
      show(true);
    } else {
      open = null;
      history.replaceState(null, '', location.pathname + location.search);
      show(false);
      var back = document.getElementById(href.slice(1));
      if (back) back.focus();
    }
  });
  document.addEventListener('hf:render', function () { show(false); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { show(false); });
  else show(false);
})();
