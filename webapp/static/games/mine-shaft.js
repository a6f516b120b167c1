/* Mine Shaft: taps on the SVG mine. A tap sends the phase's action for that square (the
   server answers an illegal square with the rule's reason); laying a tile first previews it,
   each further tap on the same square turns it, and the confirm button lays it.
   A mine wider than the screen scrolls sideways in its box: after each redraw the box opens on
   the server's marker (the squares where a move is offered, or the moving piece), unless the
   marker has not moved, in which case it stays where the player scrolled it. */
(function () {
  'use strict';
  var chosen = null; // {x, y, index, actions, labels}
  var seen = null;   // {focus, scroll}: where the marker stood and the box was at the last redraw

  function mine() { return document.querySelector('svg.ms-mine'); }

  function targetAt(svg, x, y) {
    return svg.querySelector('.ms-target[data-x="' + x + '"][data-y="' + y + '"]');
  }

  function actionsAt(svg, x, y) {
    var target = targetAt(svg, x, y);
    return target ? JSON.parse(target.getAttribute('data-actions')) : null;
  }

  // The server's words for each action on the square ("Lay the red curve north of the start
  // tile, joining south and east"): the same text as the move list, never coordinates.
  function labelsAt(svg, x, y) {
    var target = targetAt(svg, x, y);
    return target ? JSON.parse(target.getAttribute('data-labels') || '[]') : [];
  }

  // A table drawing from a real bag says what came out; the counts ride on the placement or
  // on the tap that fills a tile for a colour on die A.
  function withRealDraw(action) {
    var details = document.getElementById('ms-real');
    var counts = document.getElementById('ms-real-counts');
    if (!details || !details.open || !counts) return action;
    var copy = {};
    Object.keys(action).forEach(function (k) { copy[k] = action[k]; });
    ['coal', 'silver', 'gold'].forEach(function (kind) {
      var input = document.getElementById('ms-real-' + kind);
      copy[kind] = input ? parseInt(input.value || '0', 10) : 0;
    });
    return copy;
  }

  // Every action names the seat acting. A seat's phone leaves it out (the server stamps it from
  // the phone's token); the host's shared screen acts for the seat whose turn it is, which the
  // mine's card names (#ms-seat).
  function withSeat(action) {
    var holder = document.getElementById('ms-seat');
    if (!holder || Object.prototype.hasOwnProperty.call(action, 'seat')) return action;
    action.seat = parseInt(holder.getAttribute('data-seat'), 10);
    return action;
  }

  function preview(svg) {
    var group = svg.querySelector('#ms-preview');
    var turn = svg.querySelector('#ms-preview-turn');
    var confirm = document.getElementById('ms-confirm');
    var box = document.getElementById('ms-confirm-box');
    if (!group || !turn || !confirm || !box) return;
    if (!chosen) {
      group.setAttribute('display', 'none');
      box.hidden = true;
      return;
    }
    var action = chosen.actions[chosen.index];
    group.setAttribute('transform', 'translate(' + action.x * 100 + ' ' + action.y * 100 + ')');
    turn.setAttribute('transform', 'rotate(' + action.rotation + ' 50 50)');
    group.removeAttribute('display');
    confirm.textContent = chosen.labels[chosen.index] || 'Lay the tile here';
    box.hidden = false;
  }

  document.addEventListener('click', function (event) {
    var svg = mine();
    if (!svg) return;
    if (event.target && event.target.id === 'ms-confirm' && chosen) {
      window.Headframe.act(withRealDraw(chosen.actions[chosen.index]));
      return;
    }
    if (!svg.contains(event.target)) return;
    var cell = event.target.closest('[data-x]');
    var type = svg.getAttribute('data-cell-action');
    if (!cell || !type) return;
    var x = parseInt(cell.getAttribute('data-x'), 10);
    var y = parseInt(cell.getAttribute('data-y'), 10);
    var actions = actionsAt(svg, x, y);
    if (type === 'place_tile' && actions) {
      if (chosen && chosen.x === x && chosen.y === y) {
        chosen.index = (chosen.index + 1) % actions.length;
      } else {
        chosen = { x: x, y: y, index: 0, actions: actions, labels: labelsAt(svg, x, y) };
      }
      preview(svg);
      return;
    }
    var action = actions ? actions[0] : withSeat({ type: type, x: x, y: y });
    if (type === 'place_tile' && !actions) action.rotation = 0;
    window.Headframe.act(type === 'fill_tile' ? withRealDraw(action) : action);
  });

  function markerKey(box, marker) {
    return marker.previousElementSibling.getAttribute('width') + ' ' + box.scrollWidth;
  }

  function openOnFocus() {
    var box = document.getElementById('ms-board');
    var marker = box && box.querySelector('.ms-focus');
    if (!marker) return;
    var key = markerKey(box, marker);
    if (seen && seen.focus === key) {
      box.scrollLeft = seen.scroll;
    } else if (box.scrollWidth > box.clientWidth) {
      var outer = box.getBoundingClientRect();
      var inner = marker.getBoundingClientRect();
      box.scrollLeft += inner.left + inner.width / 2 - (outer.left + box.clientWidth / 2);
    }
    seen = { focus: key, scroll: box.scrollLeft };
  }

  document.addEventListener('scroll', function (event) {
    if (seen && event.target && event.target.id === 'ms-board') seen.scroll = event.target.scrollLeft;
  }, true);

  openOnFocus();
  document.addEventListener('hf:render', function () {
    chosen = null;
    var svg = mine();
    if (svg) preview(svg);
    openOnFocus();
  });
}());
