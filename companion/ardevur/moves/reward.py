"""The reward phase: a strategic target or a government incentive claimed, a money reward
exchanged, a target shifted off the grid with the phone call; and retiring, by the whole
table's agreement, a target nobody can meet."""

from __future__ import annotations

from ...errors import BadAction
from ..data import Catalog, Reward
from ..state import ArdState, Retired, gain, replace, with_market, with_pile, with_player, with_ts, without
from .conditions import condition_met
from .turn import end_turn, own_turn, refuse, spent


def reward_of(cat: Catalog, card: str) -> Reward:
    if card in cat.targets:
        return cat.targets[card].reward
    return cat.incentives[card].reward


def pile_of(s: ArdState, tier: str, pile: int) -> tuple[str, ...]:
    """The cards of a target pile (top last); a pile that does not exist or is empty is refused."""
    piles = s.piles(tier)
    if piles is None or not 0 <= pile < len(piles):
        raise BadAction(f"there is no {tier} pile {pile}; piles are bronze, silver, gold 0-2")
    cards = piles[pile]
    if not cards:
        refuse(f"The {tier} pile {pile + 1} is empty.", "Target grid")
    return cards


def _taken(s: ArdState, tier: str, pile: int) -> tuple[ArdState, str]:
    """The grid without the top card of a pile, and that card."""
    cards = s.piles(tier)[pile]
    return with_pile(s, tier, pile, cards[:-1]), cards[-1]


def _open_call(s: ArdState, seat: int) -> ArdState:
    """A claim ends the turn, but its claimer may still call Total Control as the very next move."""
    if s.phase == "play" and s.end is None:
        return replace(s, may_call=seat)
    return s


def check_claim_target(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    own_turn(s, seat, "reward")
    target = cat.targets[pile_of(s, action["tier"], action["pile"])[-1]]
    met, why = condition_met(cat, s, seat, target.condition)
    if not met:
        refuse(f"{target.name} is not met: {why}.", "Strategic targets")


def claim_target(game, s: ArdState, action) -> ArdState:
    check_claim_target(game.data, s, action)
    seat, tier = action["seat"], action["tier"]
    s, card = _taken(s, tier, action["pile"])
    s = with_player(s, seat, targets=s.players[seat].targets + (card,))
    if tier == "gold":
        s = replace(s, golds_claimed=s.golds_claimed + 1)
    return _open_call(end_turn(spent(s)), seat)


def check_claim_incentive(cat: Catalog, s: ArdState, action) -> None:
    own_turn(s, action["seat"], "reward")
    if not s.ts.europe_exploit:
        refuse("An incentive is claimed in the turn you equip a European mine.", "Government incentives")
    if not s.incentives:
        refuse("No government incentive is left.", "Government incentives")


def claim_incentive(game, s: ArdState, action) -> ArdState:
    check_claim_incentive(game.data, s, action)
    seat, card = action["seat"], s.incentives[-1]
    s = replace(s, incentives=s.incentives[:-1])
    s = with_player(s, seat, incentives=s.players[seat].incentives + (card,))
    return _open_call(end_turn(spent(s)), seat)


def check_exchange(cat: Catalog, s: ArdState, action) -> None:
    seat, card = action["seat"], action["card"]
    own_turn(s, seat, "reward")
    p = s.players[seat]
    if card not in p.targets and card not in p.incentives:
        refuse("You do not hold that card.", "Rewards")
    if reward_of(cat, card).kind != "money":
        refuse("An upgrade reward is exchanged while upgrading an asset (development phase).", "Rewards")


def exchange_card(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_exchange(cat, s, action)
    seat, card = action["seat"], action["card"]
    p = s.players[seat]
    held = "targets" if card in p.targets else "incentives"
    s = with_player(s, seat, **{held: without(getattr(p, held), card)})
    s = gain(replace(s, box=s.box + (card,)), seat, int(reward_of(cat, card).value))
    return end_turn(spent(s))


def check_shift(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    own_turn(s, seat, "reward")
    if not s.players[seat].phone:
        refuse("Shifting a target needs the phone call card picked this turn.", "Phone call")
    pile_of(s, action["tier"], action["pile"])


def shift_target(game, s: ArdState, action) -> ArdState:
    check_shift(game.data, s, action)
    s, card = _taken(s, action["tier"], action["pile"])
    s = with_market(with_player(replace(s, box=s.box + (card,)), action["seat"], phone=False), "phone", 1)
    return end_turn(spent(s))


def check_retire(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    if s.phase != "play":
        refuse("The game is not in play.", "Target grid")
    if s.offers:
        refuse("A local sale waits for a warehouse owner's answer.", "Local sale")
    if seat != s.turn:
        refuse(f"It is {s.players[s.turn].name}'s turn; they record the table's agreement.", "Target grid")
    if s.ts.restored:
        refuse("A target was put back this turn: retiring waits for the next turn, so retiring and putting back "
               "is no way to look under the piles.", "Target grid")
    pile_of(s, action["tier"], action["pile"])


def retire_target(game, s: ArdState, action) -> ArdState:
    """The table agrees nobody can reach a pile's top target: it goes to the box, costing no
    phase, and the card beneath becomes claimable. The player whose turn it is records it."""
    check_retire(game.data, s, action)
    tier, pile = action["tier"], action["pile"]
    s, card = _taken(s, tier, pile)
    # kept until the next action, so the one who retired it may put it back (a mistaken tap)
    return replace(s, box=s.box + (card,), retired=Retired(action["seat"], tier, pile, card))


def _check_restore(s: ArdState, seat: int, last: Retired | None) -> None:
    if last is None:
        refuse("Only a target retired by the table's last action can be put back.", "Target grid")
    if seat != last.seat:
        refuse(f"{s.players[last.seat].name} retired it; only they can put it back.", "Target grid")


def check_restore(cat: Catalog, s: ArdState, action) -> None:
    """Asked before the move starts, when the target retired last is still ``retired``."""
    _check_restore(s, action["seat"], s.retired)


def restore_target(game, s: ArdState, action) -> ArdState:
    """A target retired by mistake goes back on top of its pile: only by the player who
    retired it, and only before anyone acts again. The card beneath was seen by everyone and
    stays known; nothing hidden is shown and nothing is drawn."""
    last = s.last_retired
    _check_restore(s, action["seat"], last)
    s = replace(s, box=without(s.box, last.card))
    s = with_pile(s, last.tier, last.pile, s.piles(last.tier)[last.pile] + (last.card,))
    return with_ts(s, restored=True)


def shows_beneath(s: ArdState, action) -> bool:
    """Taking a pile's top target off the grid shows the card under it, if there is one."""
    piles = s.piles(action.get("tier")) or ()
    index = action.get("pile")
    return not isinstance(index, int) or not 0 <= index < len(piles) or len(piles[index]) > 1


__all__ = ["check_claim_incentive", "check_claim_target", "check_exchange", "check_restore", "check_retire",
           "check_shift", "claim_incentive", "claim_target", "exchange_card", "pile_of", "restore_target",
           "retire_target", "reward_of", "shift_target", "shows_beneath"]
