"""ARDEVUR's moves table: every action with its declaration and the rule that plays it.

The rules live one module per part of the game: ``opening`` (start, corporations, the deal),
``auction``, ``turn`` (the phases in order), ``extraction``, ``strategy``, ``develop``,
``sales``, ``reward``, ``actioncards`` and ``endgame``; ``conditions`` says whether a target
is met. Each rule has a ``check_*`` that answers whether the action is allowed without
building the next state; the rule runs the same check before it builds, so the two always
agree.
"""

from __future__ import annotations

from typing import Any, Callable

from ...declare import ActionSpec, Field, Kind, seat_field
from ...errors import RuleViolation
from ...moves import Move, Moves
from ..data import UPGRADES
from . import actioncards, auction, develop, endgame, extraction, opening, reward, sales, strategy, turn

S, B, L = Kind.STR, Kind.BOOL, Kind.STR_LIST
TIERS = ("bronze", "silver", "gold")


def checked(check: Callable[[Any, Any, Any], Any]) -> Callable[[Any, Any, Any], str | None]:
    """A move's ``check`` from a rule's check, which raises the rule's refusal."""
    def refusal(game: Any, state: Any, action: Any) -> str | None:
        try:
            check(game.data, state, action)
        except RuleViolation as exc:
            return str(exc)
        return None
    refusal.__name__ = f"refusal_of_{check.__name__}"
    return refusal


def _pay_fields() -> tuple[Field, ...]:
    return (Field("phone", B, False, doc="use the phone call card for a missing card (double price)"),
            Field("loan", B, False, doc="use the phone call card to borrow what is missing (repaid double)"))


def _pile_fields() -> tuple[Field, ...]:
    return Field("tier", S, choices=TIERS), Field("pile", Kind.INT)


def _move(spec: ActionSpec, rule: Callable, check: Callable) -> Move:
    return Move(spec, rule, checked(check))


MOVES = Moves([
    _move(ActionSpec("start", (seat_field(),), randomises=True, doc="shuffle the decks and roll for the first pick"),
          opening.start, opening.check_start),
    _move(ActionSpec("choose_corporation", (seat_field(), Field("corporation", S)), reveals_if=opening.picks_left),
          opening.choose_corporation, opening.check_corporation),
    _move(ActionSpec("deal", (seat_field(),), randomises=True, doc="deal action and development cards"),
          opening.deal, opening.check_deal),
    _move(ActionSpec("auction_roll", (seat_field(),), randomises=True), auction.auction_roll, auction.check_roll),
    _move(ActionSpec("pick_territory", (seat_field(), Field("territory", S)), reveals=True),
          auction.pick_territory, auction.check_pick),
    _move(ActionSpec("call_auction", (seat_field(),), reveals=True, doc="the second auction round"),
          auction.call_auction, auction.check_call_auction),
    _move(ActionSpec("pick_development", (seat_field(), Field("cards", L))),
          auction.pick_development, auction.check_redraft),
    _move(ActionSpec("extract", (seat_field(), Field("mines", L), Field("use_factories", B, False)),
                     reveals_if=extraction.reveals),
          extraction.extract, extraction.check_extract),
    _move(ActionSpec("pass", (seat_field(),), doc="skip the rest of this phase (its action is lost)"),
          turn.pass_phase, turn.check_pass),
    _move(ActionSpec("take_development", (seat_field(), Field("cards", L), Field("discard", L, False))),
          strategy.take_development, strategy.check_take_development),
    _move(ActionSpec("draw_action", (seat_field(),), reveals=True), strategy.draw_action, strategy.check_draw_action),
    _move(ActionSpec("discard_action", (seat_field(), Field("card", S)), private=("card",),
                     doc="the card goes face down beneath its deck: only its holder knows which"),
          strategy.discard_action, strategy.check_discard_action),
    _move(ActionSpec("take_phone", (seat_field(),)), strategy.take_phone, strategy.check_take_phone),
    _move(ActionSpec("explore", (seat_field(), Field("territory", S)) + _pay_fields()),
          develop.explore, develop.check_explore),
    _move(ActionSpec("exploit", (seat_field(), Field("territory", S)) + _pay_fields()),
          develop.exploit, develop.check_exploit),
    _move(ActionSpec("build_infrastructure",
                     (seat_field(), Field("region", S), Field("kind", S, choices=("road", "water")),
                      Field("dismantle", S, False, doc="REGION:KIND of yours to reuse")) + _pay_fields()),
          develop.build_infrastructure, develop.check_infrastructure),
    _move(ActionSpec("acquire_asset", (seat_field(), Field("asset", S, choices=("warehouse", "office", "vessel")),
                                       Field("region", S)) + _pay_fields()),
          develop.acquire_asset, develop.check_acquire),
    _move(ActionSpec("upgrade_asset", (seat_field(), Field("asset", S, choices=UPGRADES), Field("region", S),
                                       Field("card", S, False, doc="target or incentive exchanged for its upgrade"))
                     + _pay_fields()),
          develop.upgrade_asset, develop.check_upgrade),
    _move(ActionSpec("global_sale", (seat_field(),), randomises=True), sales.global_sale, sales.check_global_sale),
    _move(ActionSpec("local_sale", (seat_field(),)), sales.local_sale, sales.check_local_sale),
    _move(ActionSpec("answer_offer", (seat_field(), Field("buy", B))), sales.answer_offer, sales.check_answer),
    _move(ActionSpec("claim_target", (seat_field(),) + _pile_fields(), reveals=True),
          reward.claim_target, reward.check_claim_target),
    _move(ActionSpec("claim_incentive", (seat_field(),), reveals=True),
          reward.claim_incentive, reward.check_claim_incentive),
    _move(ActionSpec("exchange_card", (seat_field(), Field("card", S))), reward.exchange_card, reward.check_exchange),
    _move(ActionSpec("shift_target", (seat_field(),) + _pile_fields(), reveals_if=reward.shows_beneath),
          reward.shift_target, reward.check_shift),
    _move(ActionSpec("play_action", (seat_field(), Field("card", S), Field("target", Kind.INT, False),
                                     Field("tier", S, False), Field("pile", Kind.INT, False), Field("pick", S, False)),
                     reveals_if=actioncards.reveals),
          actioncards.play_action, actioncards.check_play),
    _move(ActionSpec("retire_target", (seat_field(),) + _pile_fields(), reveals_if=reward.shows_beneath,
                     doc="by the whole table's agreement: the top target of a pile is unachievable and leaves "
                         "the grid"),
          reward.retire_target, reward.check_retire),
    _move(ActionSpec("restore_target", (seat_field(),),
                     doc="put the target just retired back on top of its pile (only its retirer, before anyone acts)"),
          reward.restore_target, reward.check_restore),
    _move(ActionSpec("call_total_control", (seat_field(),)), endgame.call_end, endgame.check_call),
    _move(ActionSpec("call_final_round", (seat_field(),)), endgame.call_end, endgame.check_call),
    _move(ActionSpec("call_time", (seat_field(),), doc="minute 64 reached (when the table agreed to it)"),
          endgame.call_end, endgame.check_call),
])

__all__ = ["MOVES", "checked"]
