/* Headframe: behaviour shared by every page (plain ES2017, no modules, no libraries).
   - marks <html class="js"> so CSS can hide the no-script fallbacks;
   - registers the service worker so the companion installs as an app and opens offline;
   - on the new-table form: "Add player" / "Remove" rows (the form works without this:
     the server always renders a few spare rows), and each game's table options shown only
     while that game is chosen;
   - on the home page, "Continue": the games in progress this phone plays or hosts. */
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  if ('serviceWorker' in navigator && window.isSecureContext) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () { /* optional */ });
    });
  }

  // A game's table options show only while that game is chosen, and a set marked with one
  // entry of the list ("tinners-trail|solo") only with that entry (all show without script).
  var gameSelect = document.getElementById('game');
  var switchSets = document.querySelectorAll('[data-switches]');
  function showSwitches() {
    var chosen = gameSelect.value.split('|')[0];
    for (var k = 0; k < switchSets.length; k++) {
      var shownWith = switchSets[k].getAttribute('data-switches');
      switchSets[k].hidden = shownWith !== chosen && shownWith !== gameSelect.value;
      switchSets[k].disabled = switchSets[k].hidden;  // a hidden set's choices are not sent
    }
  }
  if (gameSelect && switchSets.length) {
    gameSelect.addEventListener('change', showSwitches);
    showSwitches();
  }

  // Home: "Continue" lists the games in progress this phone plays or hosts (the table page
  // remembers them in localStorage); each is checked with the server, and a finished or
  // vanished table is forgotten.
  var continueBox = document.getElementById('continue');
  if (continueBox && window.fetch) {
    var known;
    try { known = JSON.parse(localStorage.getItem('hf-tables') || '[]'); } catch (e) { known = []; }
    if (!Array.isArray(known)) known = [];
    var continueList = document.getElementById('continue-list');
    Promise.all(known.map(function (t) {
      return fetch('/api/tables/' + encodeURIComponent(t.id), { credentials: 'same-origin', headers: { 'Accept': 'application/json' } })
        .then(function (r) { return r.status === 404 ? null : (r.ok ? r.json() : t); })
        .then(function (body) { return body && body.finished ? null : { t: t, round: body && body.round }; },
              function () { return { t: t, round: null }; });  // offline: keep it
    })).then(function (found) {
      var still = found.filter(Boolean);
      try { localStorage.setItem('hf-tables', JSON.stringify(still.map(function (f) { return f.t; }))); } catch (e) { /* private mode */ }
      still.forEach(function (f) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        link.href = '/tables/' + encodeURIComponent(f.t.id);
        var words = document.createElement('span');
        var title = document.createElement('strong');
        title.textContent = f.t.title;
        var who = document.createElement('span');
        who.className = 'muted';
        who.textContent = (f.t.me === 'host' ? 'You host' : 'You play ' + f.t.me) + (f.round ? ' · round ' + f.round : '');
        words.appendChild(title);
        words.appendChild(document.createElement('br'));
        words.appendChild(who);
        var go = document.createElement('span');
        go.className = 'when';
        go.textContent = 'Continue →';
        link.appendChild(words);
        link.appendChild(go);
        item.appendChild(link);
        continueList.appendChild(item);
      });
      continueBox.hidden = still.length === 0;
    });
  }

  var list = document.querySelector('[data-player-rows]');
  if (!list) return;
  var max = parseInt(list.getAttribute('data-max') || '12', 10);
  var addButton = document.querySelector('[data-add-player]');

  function rows() { return list.querySelectorAll('.player-row'); }

  function renumber() {
    var all = rows();
    for (var i = 0; i < all.length; i++) {
      var row = all[i];
      var name = row.querySelector('input[type="text"]');
      var colour = row.querySelector('select');
      var labels = row.querySelectorAll('label');
      name.id = 'player-name-' + i;
      colour.id = 'player-colour-' + i;
      labels[0].setAttribute('for', name.id);
      labels[0].textContent = 'Player ' + (i + 1);
      labels[1].setAttribute('for', colour.id);
      row.querySelector('.remove').setAttribute('aria-label', 'Remove player ' + (i + 1));
      row.querySelector('.remove').disabled = all.length <= 1;
    }
    if (addButton) addButton.disabled = all.length >= max;
  }

  // Blank spare rows are for the no-script form; with script the player adds rows on demand.
  var all = rows();
  for (var i = all.length - 1; i > 0; i--) {
    var input = all[i].querySelector('input[type="text"]');
    if (input.value.trim() === '' && rows().length > 2) all[i].remove();
  }
  renumber();

  list.addEventListener('click', function (event) {
    var button = event.target.closest('.remove');
    if (!button || rows().length <= 1) return;
    event.preventDefault();
    button.closest('.player-row').remove();
    renumber();
  });

  if (addButton) {
    addButton.addEventListener('click', function (event) {
      event.preventDefault();
      var all = rows();
      if (all.length >= max) return;
      var row = all[all.length - 1].cloneNode(true);
      var input = row.querySelector('input[type="text"]');
      input.value = '';
      var select = row.querySelector('select');
      // Offer the next colour nobody has picked yet.
      var used = {};
      for (var i = 0; i < all.length; i++) used[all[i].querySelector('select').value] = true;
      for (var j = 0; j < select.options.length; j++) {
        if (!used[select.options[j].value]) { select.selectedIndex = j; break; }
      }
      list.appendChild(row);
      renumber();
      input.focus();
    });
  }
})();
