"""Phase 4, acquisition: asset-track miners in placement order, one initiative for everyone
else clockwise from the starting player, contract-track miners, then Sales Ops."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ...core import field_of, require
from ...errors import NotYourTurn, RuleViolation
from ...frozen import evolve
from ..data import ANY, RESOURCES, Catalog, Cost
from ..state import Decision, Futures, Held, Private, State, replaced, with_card, with_pile, with_player
from .bank import asset_effects, check_pay, check_spend, order_from, owns, pay, spend

RULE = "Acquisition"
SALES_FEE = 5
KINDS = ("asset", "initiative", "contract", "sales")


def build_queue(cat: Catalog, state: State) -> tuple[Decision, ...]:
    count = len(state.players)
    clockwise = order_from(state.start, count)
    queue = [Decision(s, "asset") for s in state.asset_track]
    queue += [Decision(s, "initiative") for s in clockwise if s not in state.asset_track]
    queue += [Decision(s, "contract") for s in state.contract_track]
    # each Sales Ops card is one use: its version says whether it buys an asset or takes a contract
    queue += [Decision(s, "sales", args[0]) for s in clockwise for _, args in asset_effects(cat, state, s, "sales")]
    return tuple(queue)


def decision(state: State, seat: int, kinds: tuple[str, ...], what: str) -> Decision:
    # asked for every button a bot or a phone weighs: the words are written only for a refusal
    if state.phase != "acquisition":
        raise RuleViolation(f"Buying happens in the acquisition phase; this is the {state.phase} phase.", RULE)
    require(bool(state.queue), "Nobody is choosing now.", RULE)
    head = state.queue[0]
    if head.seat != seat:
        raise NotYourTurn(f"It is {state.name(head.seat)}'s choice now.", RULE)
    if head.kind not in kinds:
        raise RuleViolation(_why_not(head.kind, what), RULE)
    return head


def _why_not(kind: str, what: str) -> str:
    return {
        "asset": f"A miner on the asset track buys one asset or one initiative, not {what}.",
        "initiative": f"Without a miner on the asset track you may buy one initiative only, not {what}.",
        "contract": f"A miner on the contract track takes one contract, not {what}.",
        "sales": f"Sales Ops buys an asset or takes a contract, not {what}.",
    }[kind]


def _sales_use(head: Decision, use: str) -> None:
    """Each version of Sales Ops does one thing: the asset card buys, the contract card takes."""
    other = "take a contract" if use == "asset" else "buy an asset"
    require((head.use or use) == use, f"This Sales Ops card lets you {other}, not "
            f"{'buy an asset' if use == 'asset' else 'take a contract'}; pass if you do not want that.", "Sales Ops")


def _slot(state: State, row: str, action: Mapping) -> tuple[int, object]:
    slot = field_of(action, "slot", int)
    cards = state.rows.of(row)
    if not (0 <= slot < len(cards) and cards[slot] is not None):
        raise RuleViolation(f"There is no card in {row} slot {slot + 1}.", RULE)
    return slot, cards[slot]


def _done(state: State) -> State:
    return evolve(state, queue=state.queue[1:])


# -- an asset --------------------------------------------------------------------------------
class Purchase(NamedTuple):
    slot: int
    card: str
    money: int
    barrels: tuple[str, ...]


def check_buy_asset(game, state: State, action: Mapping) -> Purchase:
    seat = action["seat"]
    head = decision(state, seat, ("asset", "sales"), "an asset")
    slot, asset_id = _slot(state, "assets", action)
    card = game.data.assets[asset_id]
    option = action.get("pay", 0)
    require(isinstance(option, int) and 0 <= option < len(card.costs),
            f"{card.name} can be paid {len(card.costs)} way(s): " + " or ".join(c.label() for c in card.costs), RULE)
    cost: Cost = card.costs[option]
    money = cost.money
    if head.kind == "sales":
        _sales_use(head, "asset")
        require(not state.players[seat].round.asset, "Sales Ops cannot buy a second asset in the same round.",
                "Sales Ops")
        money += SALES_FEE
    check_pay(state, seat, money, card.name, RULE)
    check_spend(state, seat, cost.barrels, card.name, RULE)
    return Purchase(slot, asset_id, money, cost.barrels)


def buy_asset(game, state: State, action: Mapping) -> State:
    bought = check_buy_asset(game, state, action)
    seat = action["seat"]
    state = spend(pay(state, seat, bought.money, "", RULE), seat, bought.barrels, "", RULE)
    player = state.players[seat]
    state = with_player(state, seat, assets=player.assets + (bought.card,), round=evolve(player.round, asset=True))
    state = evolve(state, rows=with_card(state.rows, "assets", replaced(state.rows.assets, bought.slot, None)))
    return _done(state)


# -- an initiative -------------------------------------------------------------------------
def check_buy_initiative(game, state: State, action: Mapping) -> Purchase:
    seat = action["seat"]
    cat = game.data
    decision(state, seat, ("asset", "initiative"), "an initiative")
    slot, card_id = _slot(state, "initiatives", action)
    card = cat.initiatives[card_id]
    barrel = action.get("barrel")
    if ANY in card.cost.barrels:
        require(barrel in RESOURCES, f"{card.name} takes one barrel of your choice: name it "
                                     f"({', '.join(RESOURCES)}).", card.name)
    money = _initiative_money(cat, state, seat, card.effect, card.name, card.cost.money, barrel)
    check_pay(state, seat, money, card.name, card.name)
    barrels = tuple(barrel if b == ANY else b for b in card.cost.barrels)
    check_spend(state, seat, barrels, card.name, card.name)
    return Purchase(slot, card_id, money, barrels)


def _initiative_money(cat: Catalog, state: State, seat: int, effect: str, rule: str, money: int, barrel) -> int:
    """What the initiative costs in money, refused when its tokens or pieces have run out."""
    player = state.players[seat]
    numbers = cat.numbers
    if effect == "expanded_ops":
        require(player.miners < numbers.max_miners,
                f"{player.name} already employs {player.miners} miners, the most allowed.", rule)
        require(player.miners < numbers.miners_per_colour,
                f"{player.name} already employs {player.miners} miners, every miner of their colour in the box "
                f"({numbers.miners_per_colour}): there is no piece for another.", rule)
        return numbers.extra_miner_cost[player.miners + 1]
    if effect == "mine_cage":
        require(player.cage < 3, f"{player.name}'s mine cage already reaches the 3rd level.", rule)
        cages = sum(1 for p in state.players if p.cage > 1)
        require(player.cage > 1 or cages < numbers.mine_cages, "All mine cage tokens are taken.", rule)
    elif effect in ("private_mine", "private_market"):
        require(state.contracted_in_use() < numbers.contracted_miners, "All white contracted miners are in use.", rule)
        require(bool(state.pile(barrel).draw), f"No {barrel} mine is left in its draw pile.", rule)
    elif effect == "futures":
        tokens = sum(len(p.futures) for p in state.players)
        require(tokens < numbers.futures_tokens, f"All {numbers.futures_tokens} Futures tokens are in use.", rule)
    elif effect in ("drill_bit", "collab_ops"):
        tokens = sum(p.drill_bits + p.collab_ops for p in state.players)
        require(tokens < numbers.drill_tokens,
                f"All {numbers.drill_tokens} Collab Ops and Drill Bit tokens are in use.", rule)
    return money


def buy_initiative(game, state: State, action: Mapping) -> State:
    bought = check_buy_initiative(game, state, action)
    seat = action["seat"]
    effect = game.data.initiatives[bought.card].effect
    state = spend(pay(state, seat, bought.money, "", RULE), seat, bought.barrels, "", RULE)
    barrel = action.get("barrel")
    player = state.players[seat]
    if effect == "futures":
        # the paid barrel sits on the token, not in the bank
        state = evolve(state, bank=evolve(state.bank, barrels=state.bank.barrels.plus(barrel, -1)))
        state = with_player(state, seat, futures=player.futures + (Futures(barrel, 1),))
    elif effect == "expanded_ops":
        state = with_player(state, seat, miners=player.miners + 1)
    elif effect == "mine_cage":
        state = with_player(state, seat, cage=player.cage + 1)
    elif effect == "drill_bit":
        state = with_player(state, seat, drill_bits=player.drill_bits + 1)
    elif effect == "collab_ops":
        state = with_player(state, seat, collab_ops=player.collab_ops + 1)
    elif effect in ("private_mine", "private_market"):
        pile = state.pile(barrel)
        state = with_pile(state, barrel, evolve(pile, draw=pile.draw[1:]))
        state = with_player(state, seat, private=player.private + (Private(pile.draw[0], effect.split("_")[1], 0),))
    player = state.players[seat]
    state = with_player(state, seat, round=evolve(player.round, initiative=True))
    rows, discard = state.rows, state.discard
    state = evolve(state, rows=with_card(rows, "initiatives", replaced(rows.initiatives, bought.slot, None)),
                   discard=with_card(discard, "initiatives", discard.initiatives + (bought.card,)))
    return _done(state)


# -- a contract ----------------------------------------------------------------------------
class Taking(NamedTuple):
    number: int
    slot: int | None  # None: from the discard pile (Black Market Ops)
    fee: int


def check_take_contract(game, state: State, action: Mapping) -> Taking:
    seat = action["seat"]
    head = decision(state, seat, ("contract", "sales"), "a contract")
    fee = 0
    if head.kind == "sales":
        _sales_use(head, "contract")
        require(not state.players[seat].round.contract, "Sales Ops cannot take a second contract in the same round.",
                "Sales Ops")
        check_pay(state, seat, SALES_FEE, "Sales Ops", "Sales Ops")
        fee = SALES_FEE
    if "discarded" in action:
        number = field_of(action, "discarded", int)
        require(owns(game.data, state, seat, "black_market"),
                "Only Black Market Ops takes discarded or failed contracts.", "Black Market Ops")
        require(number in state.discard.contracts, f"Contract #{number} is not in the discard pile.",
                "Black Market Ops")
        return Taking(number, None, fee)
    slot, number = _slot(state, "contracts", action)
    return Taking(number, slot, fee)  # type: ignore[arg-type]


def take_contract(game, state: State, action: Mapping) -> State:
    taking = check_take_contract(game, state, action)
    seat = action["seat"]
    state = pay(state, seat, taking.fee, "Sales Ops", "Sales Ops")
    if taking.slot is None:
        discard = state.discard
        index = discard.contracts.index(taking.number)
        state = evolve(state, discard=with_card(discard, "contracts",
                                                discard.contracts[:index] + discard.contracts[index + 1:]))
    else:
        state = evolve(state, rows=with_card(state.rows, "contracts",
                                             replaced(state.rows.contracts, taking.slot, None)))
    player = state.players[seat]
    state = with_player(state, seat, contracts=player.contracts + (Held(taking.number, (), (), state.round),),
                        round=evolve(player.round, contract=True))
    return _done(evolve(state, contract_taken=True))


def check_take_own_contract(game, state: State, action: Mapping) -> None:
    rule = "Contract race"
    require(state.variant == "contract-race", "Only the contract race has personal contract stacks.", rule)
    require(state.phase == "acquisition", "Take contracts from your stack in the acquisition phase.", rule)
    seat = action["seat"]
    require(bool(state.players[seat].race), f"{state.name(seat)}'s contract stack is empty.", rule)


def take_own_contract(game, state: State, action: Mapping) -> State:
    check_take_own_contract(game, state, action)
    seat = action["seat"]
    player = state.players[seat]
    return with_player(state, seat, race=player.race[1:],
                       contracts=player.contracts + (Held(player.race[0], (), (), state.round),))


def check_pass(game, state: State, action: Mapping) -> None:
    decision(state, action["seat"], KINDS, "a pass")


def pass_choice(game, state: State, action: Mapping) -> State:
    check_pass(game, state, action)
    return _done(state)


__all__ = ["KINDS", "RULE", "SALES_FEE", "build_queue", "buy_asset", "buy_initiative", "check_buy_asset",
           "check_buy_initiative", "check_pass", "check_take_contract", "check_take_own_contract", "decision",
           "pass_choice", "take_contract", "take_own_contract"]
