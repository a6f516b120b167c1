/* Headframe table page: live sync and actions, the same for every game (plain ES2017).

   LIVE SYNC. The page long-polls GET /api/tables/<id>/events?after=V&wait=20, which answers as
   soon as the table moves past version V. `headframe serve` sets a waiting request aside without
   a thread (webapp/live.py), so every phone can wait at once. A server that must wait in a
   thread has room for only a few; when it has none it answers at once, and the page then polls
   GET /api/tables/<id> about once a second for 30 s with If-None-Match (a bodiless 304 while
   nothing changed) before it long-polls again. When the table has changed it
   fetches GET /tables/<id>/fragment (the live part of the page, rendered on the server for this
   phone's seat), swaps it in and fires "hf:render" on document. A field the player is typing
   in keeps its value and the focus across the redraw when it has an id or an aria-label.

   GAME PARTIALS. webapp/templates/games/<game-id>.html, when it exists, is rendered inside the
   live part with {table, game, view, seat, options, version, is_host};
   webapp/static/games/<game-id>.js, when it exists, is loaded after this file. An action is a
   form with the class "hf-action":

     <form class="hf-action" data-type="bid" method="post" action="{{ act_url }}">
       {{ action_hidden() }}                       (csrf token and version, for no-script phones)
       <input type="number" name="amount" value="5">
       <button class="btn btn-primary">Bid</button>
     </form>                                        sends {"type": "bid", "amount": 5}

   - data-type sets the action's type; data-action='{"type": "add_points", "category": "vp"}'
     is a JSON template the fields are merged into (fields win).
   - Every named field becomes a field of the action; the clicked submit button's name=value
     counts too (handy for +1 / -1 buttons). Whole numbers ("-3", "12") become integers and
     decimals become numbers, unless the field is listed in a hidden input
     <input type="hidden" name="_strings" value="card,colour">; checkboxes become true/false;
     the fields of a name listed in <input type="hidden" name="_join" value="mines"> are sent
     as one text, their non-empty values joined by ", " (one select per card: "iron-1, lead-3");
     empty fields are left out; csrf_token, version and names starting with "_" are not sent.
   - Leave "seat" out: the server stamps it from the phone's seat token; on a page the host
     opened to play for a seat ("Play for Dana", or the turn's seat on a host's phone that holds
     none: data-play-for in the live part) this script adds that seat. Only
     a form meant for the host acting for another player carries a seat field (the score pad).
     Every action goes to the JSON API, which takes the seat and host cookies both and decides
     in one place whom it is for.
   - <details> elements with an id keep their open/closed state across redraws.
   - Without script the same form posts to /t/<id>/act, which applies the same rules.
   A game's own script may call window.Headframe.act({type: ...}) and listen for "hf:render".
   A partial that offers some options its own way declares {% set handles = ["buy"] %} (or "*")
   so the generic list of options leaves them out. Full guide: templates/games/README.md.

   STATUS BAR (#status-bar in the live part, sticky under the top bar): the turn, the only
   allowed move or "Choose…" (which brings the first move into view under the bar and focuses
   it), Undo and the last events. A notice of the page load ("Anna undid: …") goes at the next
   change; the host's invite panel moves below the table when the last seat is taken.

   Answers: a rule the action breaks (422) is shown in the page's alert region; a 409 (a move
   since really conflicts with this one; see webapp/tables/rebase.py) redraws the table, says what the others did meanwhile (from the log) and moves
   the focus to that notice. */
(function () {
  'use strict';
  var root = document.getElementById('table');
  if (!root) return;
  var live = document.getElementById('live');
  var alertBox = document.getElementById('alert');
  var connection = document.getElementById('connection');
  var stateUrl = root.getAttribute('data-state-url');
  var fragmentUrl = root.getAttribute('data-fragment-url');
  var actionsUrl = root.getAttribute('data-actions-url');
  var csrf = root.getAttribute('data-csrf') || '';
  var eventsUrl = root.getAttribute('data-events-url');
  var logUrl = root.getAttribute('data-log-url');
  var POLL_MS = 1000;
  var HIDDEN_POLL_MS = 5000;
  var WAIT_S = 20;
  var POLL_SPELL_MS = 30000;  // after the server had no room for a long poll, plain-poll this long
  var etag = null;
  var version = currentVersion();
  var seen = version;     // the newest version the server has told this phone about
  var pollUntil = 0;
  var pending = false;    // a redraw is waiting for the player to leave a field
  var timer = null;
  var checking = false;   // a check is under way
  var checkedOnce = false;
  var waiting = null;     // aborts the long poll under way
  var connected = false;  // the last request reached the server

  // When this phone's turn starts: the tab title says so and the phone buzzes where the
  // browser allows it (a turn already running when the page opens does not buzz).
  var baseTitle = document.title;
  var myTurn = null;
  function noticeTurn() {
    var meta = live.querySelector('[data-my-turn]');
    var mine = !!meta && meta.getAttribute('data-my-turn') === '1';
    document.title = mine ? 'Your turn · ' + baseTitle : baseTitle;
    if (mine && myTurn === false && navigator.vibrate) {
      try { navigator.vibrate(200); } catch (e) { /* not allowed here */ }
    }
    myTurn = mine;
  }
  noticeTurn();

  // Moves first, then the state: the game's sections that hold a move this phone may make now
  // go up to the top of the live part (under the turn banner), in their own order. The DOM
  // itself is reordered, so reading and tab order follow what the eye sees.
  function movesFirst() {
    var sections = Array.prototype.filter.call(live.children, function (el) {
      return el.tagName === 'SECTION' || (el.tagName === 'DETAILS' && el.classList.contains('card'));
    });
    if (!sections.length) return;
    var mark = document.createComment('moves first');
    live.insertBefore(mark, sections[0]);
    sections.forEach(function (el) {
      if (el.querySelector('form.hf-action button:not([disabled]), form.hf-action input[type="submit"]:not([disabled])')) {
        live.insertBefore(el, mark);
      }
    });
    live.removeChild(mark);
  }
  movesFirst();

  function currentVersion() {
    var meta = live.querySelector('[data-version]');
    return meta ? parseInt(meta.getAttribute('data-version'), 10) : 0;
  }

  function say(kind, title, text) {
    alertBox.className = 'alert' + (kind === 'error' ? '' : ' alert-' + kind);
    alertBox.textContent = '';
    if (!title && !text) return;
    var strong = document.createElement('strong');
    strong.textContent = title;
    alertBox.appendChild(strong);
    if (text) alertBox.appendChild(document.createTextNode(text));
  }

  function setConnected(ok) {
    connected = ok;
    if (!connection) return;
    connection.className = 'pill ' + (ok ? 'pill-live' : 'pill-offline');
    connection.textContent = ok ? 'Live' : 'Offline, retrying';
  }

  function typing() {
    var el = document.activeElement;
    return el && live.contains(el) && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') &&
      el.type !== 'submit' && el.type !== 'button';
  }

  // A redraw replaces the buttons; keep the keyboard or screen-reader user on the same control.
  function focusKey() {
    var el = document.activeElement;
    if (!el || !live.contains(el)) return null;
    if (el.id) return '#' + CSS.escape(el.id);
    var label = el.getAttribute('aria-label');
    return label ? '[aria-label="' + CSS.escape(label) + '"]' : null;
  }

  // A redraw while the player is typing keeps the field, its value and the focus, so the next
  // submit goes out against the newest version; a field it cannot find again (no id and no
  // aria-label) holds the redraw back until the player leaves it.
  function redraw(force) {
    var typed = typing() ? document.activeElement : null;
    var focus = focusKey();
    if (!force && typed && !focus) { pending = true; return Promise.resolve(); }
    pending = false;
    return fetch(fragmentUrl, { credentials: 'same-origin', cache: 'no-store', headers: { 'Accept': 'text/html' } })
      .then(function (response) {
        if (!response.ok) throw new Error('fragment ' + response.status);
        return response.text();
      })
      .then(function (html) {
        // Keep open whatever the player had open (details with an id) across the redraw.
        var open = {};
        Array.prototype.forEach.call(live.querySelectorAll('details[id]'), function (d) { open[d.id] = d.open; });
        var chosen = choices();
        typed = typing() ? document.activeElement : null;
        var typedValue = typed ? typed.value : null;
        focus = focusKey();
        live.innerHTML = html;
        Array.prototype.forEach.call(live.querySelectorAll('details[id]'), function (d) {
          if (Object.prototype.hasOwnProperty.call(open, d.id)) d.open = open[d.id];
        });
        restore(chosen);
        sentForms = {};
        // sections move before the focus comes back: moving a node drops the focus inside it
        movesFirst();
        var again = focus ? live.querySelector(focus) : null;
        if (again && typed && again.tagName === typed.tagName && !force) again.value = typedValue;
        if (again) again.focus({ preventScroll: true });
        version = currentVersion();
        noticeTurn();
        document.dispatchEvent(new CustomEvent('hf:render', { detail: { version: version } }));
        setConnected(true);
      });
  }

  // What the player was choosing survives the redraw: every field of a move's form that the
  // player changed and has not sent (a select, a number, a checkbox, text) gets its value back
  // while the redrawn form still offers it (a select's option still there, a number within
  // its bounds). A field is known by its id, or by its form (id, or kind of move and the
  // action it carries, and its place among such forms) and its name and place in the form.
  var sentForms = {};    // keys of the forms this phone has just sent: theirs start afresh
  function formKey(form, index) {
    return form.id ? '#' + form.id : (form.getAttribute('data-type') || '') + '|' + (form.getAttribute('data-action') || '') + '|' + index;
  }
  function eachField(visit) {
    var seenForms = {};
    Array.prototype.forEach.call(live.querySelectorAll('form'), function (form) {
      var base = formKey(form, 0);
      var index = seenForms[base] = (seenForms[base] || 0) + 1;
      var key = formKey(form, index);
      var names = {};
      Array.prototype.forEach.call(form.elements, function (el) {
        if (!el.name || el.type === 'hidden' || el.type === 'submit' || el.type === 'button' || el.tagName === 'BUTTON') return;
        var n = names[el.name] = (names[el.name] || 0) + 1;
        visit(el.id ? 'id:' + el.id : key + ':' + el.name + ':' + n + (el.type === 'radio' ? '=' + el.value : ''), el, key);
      });
    });
  }
  function changed(el) {
    if (el.type === 'checkbox' || el.type === 'radio') return el.checked !== el.defaultChecked;
    if (el.tagName === 'SELECT') {
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    return el.value !== el.defaultValue;
  }
  function choices() {
    var kept = {};
    eachField(function (key, el, form) {
      if (sentForms[form] || !changed(el)) return;
      kept[key] = (el.type === 'checkbox' || el.type === 'radio') ? el.checked : el.value;
    });
    return kept;
  }
  function fits(el, value) {
    if (el.tagName === 'SELECT') {
      return Array.prototype.some.call(el.options, function (o) { return o.value === value && !o.disabled; });
    }
    if (el.type === 'number' && value !== '') {
      var n = parseFloat(value);
      if (isNaN(n) || (el.min !== '' && n < parseFloat(el.min)) || (el.max !== '' && n > parseFloat(el.max))) return false;
    }
    return !el.disabled;
  }
  function restore(kept) {
    eachField(function (key, el) {
      if (!Object.prototype.hasOwnProperty.call(kept, key)) return;
      var value = kept[key];
      if (el.type === 'checkbox' || el.type === 'radio') { if (!el.disabled) el.checked = value; return; }
      if (fits(el, value)) el.value = value;
    });
  }

  function newer(seenVersion) {
    if (typeof seenVersion !== 'number' || seenVersion <= Math.max(seen, version)) return Promise.resolve();
    seen = seenVersion;
    return redraw(false);
  }

  // The long poll: the server answers as soon as the table is newer than ``after``. A server
  // without room for another waiting request answers at once, and this phone then polls.
  function wait() {
    var started = Date.now();
    var after = Math.max(seen, version);
    var url = eventsUrl + '?after=' + after + '&wait=' + WAIT_S;
    waiting = typeof AbortController === 'function' ? new AbortController() : null;
    return fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { 'Accept': 'application/json' },
                        signal: waiting ? waiting.signal : undefined })
      .then(function (response) {
        if (!response.ok) throw new Error('events ' + response.status);
        return response.json();
      })
      .then(function (body) {
        setConnected(true);
        // An answer at once with nothing newer than asked for: the server had no room to wait.
        // (An answer for this phone's own action, already drawn, is a change all the same.)
        var quick = Date.now() - started < 500;
        if (quick && !(typeof body.version === 'number' && body.version > after)) pollUntil = Date.now() + POLL_SPELL_MS;
        return newer(body.version);
      });
  }

  // The plain poll: a conditional GET that is a bodiless 304 while nothing changed.
  function poll() {
    var headers = { 'Accept': 'application/json' };
    if (etag) headers['If-None-Match'] = etag;
    return fetch(stateUrl, { credentials: 'same-origin', cache: 'no-store', headers: headers })
      .then(function (response) {
        setConnected(true);
        if (response.status === 304) return null;
        if (!response.ok) throw new Error('state ' + response.status);
        etag = response.headers.get('ETag');
        return response.json().then(function (body) { return newer(body.version); });
      });
  }

  function check() {
    // The first check is a plain poll, so the page can say at once that it is connected; so is
    // the first after a failure: a long poll only answers when the table changes (or after
    // WAIT_S), and the pill would say "Offline" all that time on a network that works again.
    var longPoll = eventsUrl && checkedOnce && connected && !document.hidden && Date.now() >= pollUntil;
    checkedOnce = true;
    return longPoll ? wait().then(function () { return 0; }) : poll().then(function () {
      // Once connected, a page that may long-poll does so at once: a move made in the second
      // after the page opened (or came back) reaches it then, not a poll later.
      if (eventsUrl && connected && !document.hidden && Date.now() >= pollUntil) return 0;
      return document.hidden ? HIDDEN_POLL_MS : POLL_MS;
    });
  }

  // One check at a time; wake() cuts a waiting request short to check at once.
  function loop() {
    clearTimeout(timer);
    if (checking) return;
    checking = true;
    check().then(function (delay) {
      checking = false;
      timer = setTimeout(loop, delay);
    }, function (error) {
      checking = false;
      if (error && error.name === 'AbortError') { loop(); return; }
      setConnected(false);
      pollUntil = Date.now() + POLL_SPELL_MS;
      // Between one and three polls later, at random: when the server restarts, its phones
      // do not all come back in the same instant.
      timer = setTimeout(loop, POLL_MS * (1 + 2 * Math.random()));
    });
  }

  function wake() {
    pollUntil = 0;
    if (checking && waiting) waiting.abort(); else loop();
  }

  document.addEventListener('visibilitychange', function () { if (!document.hidden) wake(); });
  window.addEventListener('offline', function () {
    setConnected(false);
    if (checking && waiting) waiting.abort();  // a long poll over a dead network may hang for long
  });
  window.addEventListener('online', wake);
  live.addEventListener('focusout', function () {
    setTimeout(function () { if (pending && !typing()) redraw(false); }, 0);
  });

  function asValue(raw, name, strings) {
    if (strings.indexOf(name) >= 0) return raw;
    if (/^-?\d+$/.test(raw)) return parseInt(raw, 10);
    if (/^-?\d+\.\d+$/.test(raw)) return parseFloat(raw);
    return raw;
  }

  function actionOf(form, submitter) {
    var action = {};
    var template = form.getAttribute('data-action');
    if (template) {
      try { action = JSON.parse(template); } catch (e) { action = {}; }
    }
    if (form.getAttribute('data-type')) action.type = form.getAttribute('data-type');
    var stringsField = form.querySelector('input[name="_strings"]');
    var strings = stringsField ? stringsField.value.split(',').map(function (s) { return s.trim(); }) : [];
    var joinField = form.querySelector('input[name="_join"]');
    var joined = joinField ? joinField.value.split(',').map(function (s) { return s.trim(); }) : [];
    var parts = {};
    var fields = Array.prototype.slice.call(form.elements);
    fields.forEach(function (el) {
      var name = el.name;
      if (!name || name === 'csrf_token' || name === 'version' || name === 'action' || name.charAt(0) === '_' ||
          el.disabled) return;
      if (el.type === 'submit' || el.type === 'button' || el.tagName === 'BUTTON') return;
      if (el.type === 'checkbox') { action[name] = el.checked; return; }
      if (el.type === 'radio' && !el.checked) return;
      if (el.value === '') return;
      if (joined.indexOf(name) >= 0) { (parts[name] = parts[name] || []).push(el.value); return; }
      action[name] = asValue(el.value, name, strings);
    });
    Object.keys(parts).forEach(function (name) { action[name] = parts[name].join(', '); });
    if (submitter && submitter.name && submitter.name.charAt(0) !== '_') {
      action[submitter.name] = asValue(submitter.value, submitter.name, strings);
    }
    return action;
  }

  // Taps are sent one after another, each against the version the previous one produced, so
  // three quick taps on "+1" add three points instead of tripping over each other.
  var queue = Promise.resolve();

  function act(action) {
    queue = queue.then(function () { return send(action); });
    return queue;
  }

  function send(action) {
    // The seat the host's phone plays for ("Play for Dana"), as the page drawn now says.
    var meta = live.querySelector('[data-play-for]');
    if (meta && !Object.prototype.hasOwnProperty.call(action, 'seat')) {
      action.seat = parseInt(meta.getAttribute('data-play-for'), 10);
    }
    return fetch(actionsUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ version: version, action: action })
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        var error = body && body.error ? body.error : {};
        if (response.ok) {
          if (typeof body.version === 'number') version = body.version;
          say('', '', '');
          return redraw(true);
        }
        if (response.status === 409) {
          var had = version;
          sentForms = {};  // not applied: what the player chose stays for another try
          return Promise.all([redraw(true), whatChanged(had)]).then(function (done) {
            var changes = done[1];
            say('info', changes.length ? 'Before your tap arrived: ' + changes.join('; ') + '. ' : 'The table changed before your tap arrived. ',
                'Your tap was not applied. The table now shows the latest state: check it and try again if you still want to.');
            showAlert();
          });
        }
        say('error', 'Not allowed: ', error.message || ('the server answered ' + response.status + '.'));
        if (error.code === 'bad_token') {
          var again = document.createElement('a');
          again.href = '/join';
          again.textContent = 'Join again';
          alertBox.appendChild(document.createTextNode(' '));
          alertBox.appendChild(again);
        }
        showAlert();
        return null;
      });
    }).catch(function () {
      setConnected(false);
      say('error', 'No connection. ', 'Your tap was not sent; try again when the phone is back on the network.');
    });
  }

  // What the table did since ``had``, the version this phone acted on, in the log's words
  // ("Ben bids £4"); an empty list when the log cannot be read.
  function whatChanged(had) {
    if (!logUrl) return Promise.resolve([]);
    return fetch(logUrl + '?after=' + had + '&limit=20', { credentials: 'same-origin', cache: 'no-store',
                                                           headers: { 'Accept': 'application/json' } })
      .then(function (response) { return response.ok ? response.json() : { events: [] }; })
      .then(function (body) {
        return (body.events || []).filter(function (e) { return e.kind !== 'setup' && e.summary; })
          .map(function (e) { return e.summary; });
      })
      .catch(function () { return []; });
  }

  // The notice comes into view (below the sticky top bar) and takes the keyboard focus, so a
  // screen reader reads it and a player who tapped far down the page sees it.
  function showAlert() {
    alertBox.focus({ preventScroll: true });
    alertBox.scrollIntoView({ block: 'nearest' });
  }

  var lastClicked = null;  // older Safari has no SubmitEvent.submitter
  live.addEventListener('click', function (event) {
    var button = event.target.closest('button, input[type="submit"]');
    if (button) lastClicked = button;
  });
  live.addEventListener('submit', function (event) {
    var form = event.target.closest('form.hf-action');
    if (!form) return;
    event.preventDefault();
    var submitter = event.submitter || (lastClicked && form.contains(lastClicked) ? lastClicked : null);
    var forms = Array.prototype.slice.call(live.querySelectorAll('form'));
    var same = forms.filter(function (f) { return formKey(f, 0) === formKey(form, 0); });
    sentForms[formKey(form, same.indexOf(form) + 1)] = true;
    act(actionOf(form, submitter));
  });

  // The phone remembers the tables it plays or hosts, so the home page can offer "Continue"
  // (the seat cookies belong to the table's own pages and the home page cannot read them).
  function remember() {
    var me = root.getAttribute('data-me');
    var id = root.getAttribute('data-table-id');
    if (!id) return;
    var known;
    try { known = JSON.parse(localStorage.getItem('hf-tables') || '[]'); } catch (e) { known = []; }
    if (!Array.isArray(known)) known = [];
    known = known.filter(function (t) { return t && t.id !== id; });
    var meta = live.querySelector('[data-finished]');
    var finished = meta && meta.getAttribute('data-finished') === '1';
    if (me && !finished) {
      known.unshift({ id: id, title: root.getAttribute('data-title') || '', me: me, at: Date.now() });
    }
    try { localStorage.setItem('hf-tables', JSON.stringify(known.slice(0, 12))); } catch (e) { /* private mode */ }
  }
  remember();
  document.addEventListener('hf:render', remember);

  // The host's invite panel folds away on the redraw that seats the last player (once: the
  // host may open it again, and it stays as they leave it).
  var openSeats = seatsOpen();
  function seatsOpen() {
    var meta = live.querySelector('[data-open-seats]');
    return meta ? parseInt(meta.getAttribute('data-open-seats'), 10) : 0;
  }
  // It stands above the table while a seat is free and goes below it then; it also folds (and
  // stays at the top) on the redraw that shows the game's first move.
  var started = hasStarted();
  function hasStarted() {
    var meta = live.querySelector('[data-started]');
    return !!meta && meta.getAttribute('data-started') === '1';
  }
  document.addEventListener('hf:render', function () {
    var now = seatsOpen();
    var invite = document.querySelector('details.join');
    if (invite && openSeats > 0 && now === 0) {
      invite.open = false;
      if (invite.compareDocumentPosition(live) & Node.DOCUMENT_POSITION_FOLLOWING) live.parentNode.insertBefore(invite, live.nextSibling);
    } else if (invite && !started && hasStarted()) {
      invite.open = false;
    }
    openSeats = now;
    started = hasStarted();
  });

  // What the browser brings into view (a focused field, an anchor) lands below the sticky top
  // bar and status bar, not under them: the page's scroll padding follows their height.
  function padForBars() {
    var top = document.querySelector('.topbar');
    var bar = document.getElementById('status-bar');
    var height = (top ? top.offsetHeight : 0) + (bar ? bar.offsetHeight : 0);
    document.documentElement.style.scrollPaddingTop = (height + 8) + 'px';
  }
  padForBars();
  document.addEventListener('hf:render', padForBars);
  window.addEventListener('resize', padForBars);

  // A notice from the last page load ("Anna undid: …") goes at the next change of the table.
  var loadedAt = version;
  document.addEventListener('hf:render', function (event) {
    if (event.detail.version === loadedAt) return;
    Array.prototype.forEach.call(document.querySelectorAll('main > .alert[role="status"]'), function (el) {
      el.parentNode.removeChild(el);
    });
  });

  // "Choose…" in the status bar: bring the first move this phone may make into view, just
  // under the bar (which stays on top), and put the focus on it.
  // A move is an enabled button of a form that sends one, a Tinners' Trail map area, or a
  // square a Mine Shaft tile may go on (the board itself takes the focus). One inside a
  // closed fold counts when no other is shown: its fold is opened.
  var MOVES = 'form.hf-action button:not([disabled]), form.hf-action input[type="submit"]:not([disabled]), a.tt-area, .ms-target';
  function firstMove() {
    var all = Array.prototype.filter.call(live.querySelectorAll(MOVES), function (el) {
      return !el.closest('#status-bar') && !el.closest('[hidden]');
    });
    var shown = all.filter(function (el) { return !el.closest('details:not([open])') && el.getClientRects().length; });
    var found = shown.length ? shown[0] : all[0];
    if (!found) return null;
    for (var fold = found.closest('details:not([open])'); fold; fold = fold.parentElement.closest('details:not([open])')) {
      fold.open = true;
    }
    if (!found.closest('form')) return found.closest('[tabindex]') || found;
    // the form's first field on show: one inside a closed fold of its own (real cards, say) waits
    var fields = Array.prototype.filter.call(
      found.closest('form').querySelectorAll('select, input:not([type="hidden"]), button, a'),
      function (el) { return !el.closest('details:not([open])'); });
    return fields[0] || found;
  }
  live.addEventListener('click', function (event) {
    if (!event.target.closest('.sb-choose')) return;
    var target = firstMove();
    if (!target) return;  // the link's own jump, to the top of the moves
    event.preventDefault();
    var bar = document.getElementById('status-bar');
    var form = target.closest('form') || target;
    var below = bar ? bar.getBoundingClientRect().bottom : 0;
    window.scrollTo(0, Math.max(0, form.getBoundingClientRect().top + window.scrollY - below - 8));
    target.focus({ preventScroll: true });
  });

  window.Headframe = { act: act, refresh: function () { return redraw(true); } };
  loop();
})();
