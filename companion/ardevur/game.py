"""ARDEVUR as a ``Game``: the declared actions and their dispatch to the phase modules."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet, require, rng
from ..declare import ActionSpec, Declaration, Field, Kind, seat_field
from ..errors import BadAction, GameOver, RuleViolation
from . import actioncards, develop, sales, setup, turn
from .cards import UPGRADES, catalog
from .setup import MODES, parse_variant
from .switches import SWITCHES, variant_title
from .state import ArdState, repay_loans

S, B, L = Kind.STR, Kind.BOOL, Kind.STR_LIST


def _pay_fields() -> tuple[Field, ...]:
    return (Field("phone", B, False, doc="use the phone call card for a missing card (double price)"),
            Field("loan", B, False, doc="use the phone call card to borrow what is missing (repaid double)"))


def _reveals_play(state: Any, action: Mapping) -> bool:
    cards = catalog().actions
    card = cards.get(str(action.get("card")))
    return card is not None and card.effect in ("territory", "steal_action", "shift")


def _shows_beneath(state: Any, action: Mapping) -> bool:
    """Taking a pile's top target off the grid shows the card under it, if there is one."""
    pile = state.data["grid"].get(action.get("tier"), [])
    index = action.get("pile")
    return not isinstance(index, int) or not 0 <= index < len(pile) or len(pile[index]) > 1


def _picks_left(state: Any, action: Mapping) -> bool:
    return sum(1 for p in state.data["players"] if p["corp"] is None) > 2


DECLARATION = Declaration([
    ActionSpec("start", (seat_field(),), randomises=True, doc="shuffle the decks and roll for the first pick"),
    ActionSpec("choose_corporation", (seat_field(), Field("corporation", S)), reveals_if=_picks_left),
    ActionSpec("deal", (seat_field(),), randomises=True, doc="deal action and development cards"),
    ActionSpec("auction_roll", (seat_field(),), randomises=True),
    ActionSpec("pick_territory", (seat_field(), Field("territory", S)), reveals=True),
    ActionSpec("call_auction", (seat_field(),), reveals=True, doc="the second auction round"),
    ActionSpec("pick_development", (seat_field(), Field("cards", L))),
    ActionSpec("extract", (seat_field(), Field("mines", L), Field("use_factories", B, False)),
               reveals_if=lambda state, action: state.data["variant"] == "clash-of-titans"),
    ActionSpec("pass", (seat_field(),), doc="skip the rest of this phase (its action is lost)"),
    ActionSpec("take_development", (seat_field(), Field("cards", L), Field("discard", L, False))),
    ActionSpec("draw_action", (seat_field(),), reveals=True),
    ActionSpec("discard_action", (seat_field(), Field("card", S))),
    ActionSpec("take_phone", (seat_field(),)),
    ActionSpec("explore", (seat_field(), Field("territory", S)) + _pay_fields()),
    ActionSpec("exploit", (seat_field(), Field("territory", S)) + _pay_fields()),
    ActionSpec("build_infrastructure", (seat_field(), Field("region", S), Field("kind", S, choices=("road", "water")),
                                        Field("dismantle", S, False, doc="REGION:KIND of yours to reuse"))
               + _pay_fields()),
    ActionSpec("acquire_asset", (seat_field(), Field("asset", S, choices=("warehouse", "office", "vessel")),
                                 Field("region", S)) + _pay_fields()),
    ActionSpec("upgrade_asset", (seat_field(), Field("asset", S, choices=UPGRADES), Field("region", S),
                                 Field("card", S, False, doc="target or incentive exchanged for its upgrade"))
               + _pay_fields()),
    ActionSpec("global_sale", (seat_field(),), randomises=True),
    ActionSpec("local_sale", (seat_field(),)),
    ActionSpec("answer_offer", (seat_field(), Field("buy", B))),
    ActionSpec("claim_target", (seat_field(), Field("tier", S, choices=("bronze", "silver", "gold")),
                                Field("pile", Kind.INT)), reveals=True),
    ActionSpec("claim_incentive", (seat_field(),), reveals=True),
    ActionSpec("exchange_card", (seat_field(), Field("card", S))),
    ActionSpec("shift_target", (seat_field(), Field("tier", S, choices=("bronze", "silver", "gold")),
                                Field("pile", Kind.INT)), reveals_if=_shows_beneath),
    ActionSpec("play_action", (seat_field(), Field("card", S), Field("target", Kind.INT, False),
                               Field("tier", S, False), Field("pile", Kind.INT, False), Field("pick", S, False)),
               reveals_if=_reveals_play),
    ActionSpec("retire_target", (seat_field(), Field("tier", S, choices=("bronze", "silver", "gold")),
                                 Field("pile", Kind.INT)), reveals_if=_shows_beneath,
               doc="by the whole table's agreement: the top target of a pile is unachievable and leaves the grid"),
    ActionSpec("restore_target", (seat_field(),),
               doc="put the target just retired back on top of its pile (only its retirer, before anyone acts)"),
    ActionSpec("call_total_control", (seat_field(),)),
    ActionSpec("call_final_round", (seat_field(),)),
    ActionSpec("call_time", (seat_field(),), doc="minute 64 reached (when the table agreed to it)"),
])


# Moves worth showing greyed (with the rule's reason) when refused.
GREYED = frozenset({"explore", "exploit", "global_sale", "local_sale", "claim_target", "claim_incentive",
                    "call_total_control", "call_auction", "draw_action", "take_phone", "call_time"})


class Ardevur(Game):
    id = "ardevur"
    name = "ARDEVUR: The Game of Resources"
    players = (2, 4)
    variants = MODES
    actions = DECLARATION
    bot_names = ("random", "heuristic")
    # The table options offered as switches on the new-table form; the words chosen follow the
    # mode in the variant ("fair-play+minute-64").
    switches = SWITCHES

    def __init__(self, data_dir: str | None = None) -> None:
        self.data_dir = data_dir

    @property
    def cat(self):
        return catalog(self.data_dir)

    def check_setup(self, players: Sequence[PlayerSpec], variant: str | None) -> str | None:
        low, high = self.players
        if not low <= len(players) <= high:
            return f"{self.name} is for {low}–{high} players, not {len(players)}"
        try:
            parse_variant(variant)
        except BadAction as exc:
            return str(exc)
        return None

    def variant_title(self, variant: str | None) -> str:
        """The mode and the options chosen, in words: "Fair Play, ends at minute 64"."""
        return variant_title(variant)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> ArdState:
        problem = self.check_setup(players, variant)
        if problem:
            raise BadAction(problem)
        return ArdState.of(setup.new_table(self.cat, players, variant or "standard", seed))

    def apply(self, state: ArdState, action: Action) -> ArdState:
        return ArdState.of(self._applied(state, action))

    def legal(self, state: ArdState, action: Action) -> bool:
        try:
            self._applied(state, action)
        except (RuleViolation, BadAction):
            return False
        return True

    def _applied(self, state: ArdState, action: Action) -> dict:
        """The next state's data, or a RuleViolation / BadAction with the old state untouched."""
        self.check_shape(action)
        seat = action["seat"]
        d = state.draft()
        if not 0 <= seat < len(d["players"]):
            raise BadAction(f"there is no seat {seat}; seats are 0-{len(d['players']) - 1}")
        if d["phase"] == "over":
            raise GameOver()
        r = rng(d["seed"], d["step"])
        # the player who just claimed a target or incentive may call Total Control before anything else happens
        d["claimer"] = d.pop("may_call", None)
        d["last_retired"] = d.pop("retired", None)  # a retired target may be put back by the next action only
        self._dispatch(d, seat, action, r)
        d.pop("claimer", None)
        d.pop("last_retired", None)
        d["step"] += 1
        repay_loans(d)
        turn.track(d)
        return d

    def _dispatch(self, d: dict, seat: int, a: Action, r: random.Random) -> None:
        cat, kind = self.cat, a["type"]
        handlers = {
            "start": lambda: setup.start(cat, d, seat, r),
            "choose_corporation": lambda: setup.choose_corporation(cat, d, seat, a["corporation"], r),
            "deal": lambda: setup.deal(cat, d, r),
            "auction_roll": lambda: setup.auction_roll(cat, d, r),
            "pick_territory": lambda: setup.pick_territory(cat, d, seat, a["territory"], r),
            "call_auction": lambda: setup.call_auction(cat, d, seat),
            "pick_development": lambda: setup.pick_development(cat, d, seat, a["cards"]),
            "extract": lambda: turn.extract(cat, d, seat, a["mines"], a.get("use_factories", True) is not False, r),
            "pass": lambda: turn.pass_phase(cat, d, seat),
            "take_development": lambda: turn.take_development(cat, d, seat, a["cards"], a.get("discard") or []),
            "draw_action": lambda: turn.draw_action(cat, d, seat),
            "discard_action": lambda: turn.discard_action(cat, d, seat, a["card"]),
            "take_phone": lambda: turn.take_phone(cat, d, seat),
            "explore": lambda: develop.explore(cat, d, seat, a),
            "exploit": lambda: develop.exploit(cat, d, seat, a),
            "build_infrastructure": lambda: develop.build_infrastructure(cat, d, seat, a),
            "acquire_asset": lambda: develop.acquire_asset(cat, d, seat, a),
            "upgrade_asset": lambda: develop.upgrade_asset(cat, d, seat, a),
            "global_sale": lambda: sales.global_sale(cat, d, seat, r),
            "local_sale": lambda: sales.local_sale(cat, d, seat),
            "answer_offer": lambda: sales.answer_offer(cat, d, seat, a["buy"]),
            "claim_target": lambda: turn.claim_target(cat, d, seat, a["tier"], a["pile"]),
            "claim_incentive": lambda: turn.claim_incentive(cat, d, seat),
            "exchange_card": lambda: turn.exchange_card(cat, d, seat, a["card"]),
            "shift_target": lambda: turn.shift_target(cat, d, seat, a["tier"], a["pile"]),
            "play_action": lambda: actioncards.play_action(cat, d, seat, a, r),
            "retire_target": lambda: turn.retire_target(cat, d, seat, a["tier"], a["pile"]),
            "restore_target": lambda: turn.restore_target(cat, d, seat),
            "call_total_control": lambda: turn.call_end(cat, d, seat, "total-control", d["claimer"]),
            "call_final_round": lambda: turn.call_end(cat, d, seat, "final-round"),
            "call_time": lambda: turn.call_end(cat, d, seat, "time"),
        }
        if d["phase"] == "ready" and kind != "start":
            raise RuleViolation("The host starts the game first: shuffle and roll for the first pick.", "Setup")
        handlers[kind]()

    # -- results -------------------------------------------------------------------------
    def score(self, state: ArdState) -> ScoreSheet:
        from .scoring import holdings, score_holdings
        return score_holdings(self.cat, holdings(state.data))

    def end_if(self, state: ArdState) -> Outcome | None:
        d = state.data
        if d["phase"] != "over":
            return None
        sheet = self.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        return Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, d["over_reason"])

    def round_of(self, state: ArdState) -> int:
        return state.round

    def to_json(self, state: ArdState) -> dict:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> ArdState:
        return ArdState.of(data)

    def acting_seats(self, state: ArdState) -> tuple[int, ...]:
        d = state.data
        phase = d["phase"]
        if phase == "ready":
            return (0,)
        if phase == "corporations":
            return (d["picker"],)
        # the first player (who won the roll for 64) deals; an auction roll is one roll for
        # every bidder, so the table waits on the bidders and not on a player who has all the
        # territories this round gives, or whom the anti-monopoly rule keeps out
        if phase == "deal":
            return (d["first"],)
        if phase == "auction":
            if d["auction"]["winner"] is not None:
                return (d["auction"]["winner"],)
            return tuple(setup.bidders(self.cat, d))
        if phase == "redraft":
            return tuple(d["redraft"][:1])
        if phase == "play":
            if d["offers"]:
                return (d["offers"][0]["queue"][0],)
            return (d["turn"],)
        return ()

    def turn_phrase(self, state: ArdState, seat: int) -> str | None:
        from .views import turn_phrase
        return turn_phrase(self.cat, state.data, seat)

    def waiting_phrase(self, state: ArdState, seats: tuple[int, ...]) -> str | None:
        from .views import waiting_phrase
        return waiting_phrase(self.cat, state.data)

    def view(self, state: ArdState, seat: int | None) -> dict:
        from .views import public_view
        return public_view(self.cat, state.data, seat)

    def options(self, state: ArdState, seat: int | None) -> list[Option]:
        """``seat``'s options, with what each costs; for the shared screen (``None``) those of
        the seat the table waits for, so the host can act for a player without a phone. Main
        moves the rules refuse stay listed, greyed, with the reason."""
        from .candidates import candidates
        from .costs import cost_label
        seats = self.acting_seats(state) if seat is None else (seat,)
        found: list[Option] = []
        shown: set[tuple] = set()
        for who in seats:
            view = self.view(state, who)
            for action in candidates(self.cat, view, who):
                reason = ""
                try:
                    self._applied(state, action)
                except (RuleViolation, BadAction) as exc:
                    key = (action["type"], action.get("territory"), action.get("tier"), action.get("pile"))
                    if action["type"] not in GREYED or action.get("phone") or action.get("loan") or key in shown:
                        continue
                    shown.add(key)
                    reason = str(exc)
                label = self.summary(state, action)
                if seat is not None:
                    label = label.split(" ", 1)[1] if label.startswith(view["players"][who]["name"] + " ") else label
                    if action["type"] == "play_action":  # the holder's own phone names the card
                        label = self._card_label(view, action)
                    elif action["type"] == "discard_action":  # hidden from the log, not from its holder
                        label = f"discards {self.cat.actions[action['card']].name} (beneath its deck)"
                found.append(Option(action, label, not reason, reason, cost_label(self.cat, view, who, action)))
        return found

    def _card_label(self, view: Mapping, action: Action) -> str:
        card = self.cat.actions[action["card"]]
        aim = ""
        if isinstance(action.get("target"), int):
            aim = f" against {view['players'][action['target']]['name']}"
        elif action.get("pick"):
            aim = f" for a {action['pick']} card"
        elif action.get("tier") is not None:
            aim = f" on the {action['tier']} pile {int(action.get('pile') or 0) + 1}"
        return f"plays {card.name}{aim}: {card.text}"

    def bot_move(self, state: ArdState, seat: int, bot: str, chooser: random.Random) -> Action | None:
        from .bot import bot_move
        if bot not in self.bot_names:
            raise BadAction(f"unknown bot {bot!r}; bots: {', '.join(self.bot_names)}")
        return bot_move(self, state, seat, bot, chooser)

    def bot_action(self, state: ArdState, seat: int) -> Action | None:
        bots = state.data.get("bots") or {}
        return self.bot_move(state, seat, bots.get(str(seat)) if bots.get(str(seat)) in self.bot_names else "heuristic", rng(state.data["seed"], 100000 + state.data["step"] * 8 + seat))

    def summary(self, state: ArdState, action: Action) -> str:
        """The move's label before it is made (the phone's buttons)."""
        from .notation import describe
        return describe(self.cat, state.data, action)

    def describe(self, before: ArdState, action: Action, after: ArdState) -> str:
        from .notation import describe
        return describe(self.cat, before.data, action, after.data)

    taken_name = "corporation and territories"

    def first_seat(self, state: ArdState) -> int:
        first = state.data["first"]
        return 0 if first is None else int(first)

    def taken(self, state: ArdState) -> tuple[tuple[str, ...], ...]:
        """Each seat's corporation and the territories it holds, by name."""
        cat = self.cat
        return tuple(((cat.corporations[p["corp"]].name,) if p["corp"] else ())
                     + tuple(cat.territories[t].name for t in p["territories"]) for p in state.data["players"])

    def check_data(self, data_dir: Any = None) -> None:
        catalog(str(data_dir) if data_dir else None)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        from .scoring import score_file
        return score_file(self.cat, data)
